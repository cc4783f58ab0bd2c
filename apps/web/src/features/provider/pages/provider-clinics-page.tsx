import {
  type Language,
  type ProviderClinicItem,
  type ProviderClinicSortField,
  SYSTEM_LOOKUPS,
  TIERS,
  type Tier,
} from '@dental/contract';
import {
  App,
  Descriptions,
  Layout,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from 'components/empty-state';
import { ListPage } from 'components/list-page/list-page';
import { RowActions } from 'components/list-page/row-actions';
import { useListParams } from 'components/list-page/use-list-params';
import { queryClient } from 'app/query-client';
import { formatDate } from 'lib/format';
import { LOGIN_PATH } from 'lib/navigation';
import { PROVIDER_LOGIN_PATH, clearProviderSession, useProviderSession } from 'lib/provider-session';
import { notify } from 'lib/toast';
import { CLINICS_KEY, useClinics, useDeleteClinic, useSetClinicActive, useSetClinicSubscription } from '../api';
import { type CreatedClinic, CreateClinicDrawer } from '../components/create-clinic-drawer';
import { ProviderHeader } from '../components/provider-header';

type ActiveFilter = 'all' | 'active' | 'inactive';

/** /provider/clinics: every subscriber clinic, its plan and active flag; create and delete clinics. */
export default function ProviderClinicsPage() {
  const { t, i18n } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const lang = i18n.language as Language;
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const session = useProviderSession();
  const list = useListParams<ProviderClinicSortField>({ sortField: 'createdAt', sortOrder: 'descend' });
  const [tier, setTier] = useState<Tier | undefined>();
  const [active, setActive] = useState<ActiveFilter>('all');
  const clinics = useClinics({
    ...list.params,
    subscriptionType: tier,
    isActive: active === 'all' ? undefined : active === 'active',
  });
  const setSubscription = useSetClinicSubscription();
  const setClinicActive = useSetClinicActive();
  const remove = useDeleteClinic();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedClinic | null>(null);

  if (!session) return null; // the route gate sends a logged-out provider to the login page

  const logout = () => {
    clearProviderSession();
    queryClient.removeQueries({ queryKey: CLINICS_KEY });
    navigate(PROVIDER_LOGIN_PATH, { replace: true });
  };
  const countryName = (code: string) =>
    (SYSTEM_LOOKUPS.Country as Record<string, Record<Language, string>>)[code]?.[lang] ?? code;
  const tierName = (code: Tier) => tc(`tier.${code}`);
  /** A new filter starts from the first page, like a new search. */
  const firstPage = () =>
    list.onTableChange(
      { current: 1, pageSize: list.params.pageSize },
      {},
      {
        columnKey: list.params.sortField,
        order: list.params.sortOrder,
      },
    );

  const changeTier = async (clinic: ProviderClinicItem, next: Tier) => {
    await setSubscription.mutateAsync({ clinicId: clinic.id, subscriptionType: next });
    notify.success(t('clinics.tierChanged', { clinic: clinic.displayName, tier: tierName(next) }));
  };
  const changeActive = (clinic: ProviderClinicItem, next: boolean) => {
    const apply = async () => {
      await setClinicActive.mutateAsync({ clinicId: clinic.id, isActive: next });
      notify.success(t(next ? 'clinics.activated' : 'clinics.deactivated', { clinic: clinic.displayName }));
    };
    if (next) return void apply().catch(() => undefined);
    modal.confirm({
      title: t('clinics.deactivateTitle', { clinic: clinic.displayName }),
      content: t('clinics.deactivateText'),
      okText: t('clinics.deactivate'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () => apply().catch(() => undefined),
    });
  };

  const columns: TableColumnsType<ProviderClinicItem> = [
    {
      key: 'displayName',
      dataIndex: 'displayName',
      title: t('clinics.clinic'),
      sorter: true,
      sortOrder: list.sortOrderOf('displayName'),
      render: (name: string, clinic) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" copyable={{ text: clinic.clinicName }}>
            <bdi dir="ltr">{clinic.clinicName}</bdi>
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'countryId', dataIndex: 'countryId', title: t('clinics.country'), render: countryName },
    { key: 'currency', dataIndex: 'currency', title: t('clinics.currency') },
    { key: 'branchCount', dataIndex: 'branchCount', title: t('clinics.branches'), align: 'center' },
    { key: 'userCount', dataIndex: 'userCount', title: t('clinics.users'), align: 'center' },
    {
      key: 'subscriptionType',
      dataIndex: 'subscriptionType',
      title: t('clinics.tier'),
      sorter: true,
      sortOrder: list.sortOrderOf('subscriptionType'),
      render: (value: Tier, clinic) => (
        <Select<Tier>
          value={value}
          style={{ minWidth: 150 }}
          aria-label={t('clinics.tierOf', { clinic: clinic.displayName })}
          options={TIERS.map((code) => ({ value: code, label: `${tierName(code)} (${code})` }))}
          onChange={(next) => void changeTier(clinic, next).catch(() => undefined)}
        />
      ),
    },
    {
      key: 'isActive',
      dataIndex: 'isActive',
      title: t('clinics.status'),
      align: 'center',
      render: (value: boolean, clinic) => (
        <Switch
          checked={value}
          aria-label={t('clinics.statusOf', { clinic: clinic.displayName })}
          checkedChildren={t('clinics.active')}
          unCheckedChildren={t('clinics.inactive')}
          onChange={(next) => changeActive(clinic, next)}
        />
      ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('clinics.createdAt'),
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      render: formatDate,
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      fixed: 'end',
      width: 80,
      render: (_, clinic) => (
        <RowActions
          name={clinic.displayName}
          deleteDisabledReason={clinic.branchCount > 0 ? t('clinics.deleteHasBranches') : undefined}
          onDelete={() => remove.mutateAsync({ clinicId: clinic.id }).then(() => notify.success(tc('crud.deleted')))}
        />
      ),
    },
  ];

  const filters = (
    <>
      <Select<Tier | 'all'>
        value={tier ?? 'all'}
        style={{ width: 170 }}
        aria-label={t('clinics.tier')}
        options={[
          { value: 'all', label: t('clinics.allTiers') },
          ...TIERS.map((code) => ({ value: code, label: `${tierName(code)} (${code})` })),
        ]}
        onChange={(v) => {
          setTier(v === 'all' ? undefined : v);
          firstPage();
        }}
      />
      <Select<ActiveFilter>
        value={active}
        style={{ width: 150 }}
        aria-label={t('clinics.status')}
        options={[
          { value: 'all', label: t('clinics.allStatuses') },
          { value: 'active', label: t('clinics.active') },
          { value: 'inactive', label: t('clinics.inactive') },
        ]}
        onChange={(v) => {
          setActive(v);
          firstPage();
        }}
      />
    </>
  );

  return (
    <>
      <ProviderHeader admin={session.admin} onLogout={logout} />
      <Layout.Content style={{ padding: 16 }}>
        <ListPage
          title={t('clinics.title')}
          search={list.search}
          onSearch={list.setSearch}
          searchPlaceholder={t('clinics.search')}
          onAdd={() => setCreating(true)}
          addLabel={t('clinics.add')}
          extra={filters}
        >
          <Table<ProviderClinicItem>
            rowKey="id"
            columns={columns}
            dataSource={clinics.data?.items}
            loading={clinics.isFetching}
            pagination={list.pagination(clinics.data?.total ?? 0, (n) => tc('crud.total', { count: n }))}
            onChange={list.onTableChange}
            locale={{
              emptyText: clinics.isLoading ? (
                ' '
              ) : (
                <EmptyState
                  description={
                    list.params.search || tier || active !== 'all' ? tc('crud.noMatches') : t('clinics.empty')
                  }
                />
              ),
            }}
            scroll={{ x: 'max-content' }}
          />
        </ListPage>
      </Layout.Content>
      <CreateClinicDrawer open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <Modal
        open={!!created}
        title={created ? t('create.createdTitle', { clinic: created.displayName }) : ''}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        okText={t('create.done')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        {created && (
          <>
            <Typography.Paragraph>{t('create.createdText')}</Typography.Paragraph>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('create.loginPage')}>
                <Typography.Text copyable>
                  <bdi dir="ltr">{`${window.location.origin}${LOGIN_PATH}`}</bdi>
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('create.clinicName')}>
                <Typography.Text copyable={{ text: created.clinicName }}>
                  <bdi dir="ltr">{created.clinicName}</bdi>
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('create.userName')}>
                <Typography.Text copyable={{ text: created.userName }}>
                  <bdi dir="ltr">{created.userName}</bdi>
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('create.email')}>
                <bdi dir="ltr">{created.email}</bdi>
              </Descriptions.Item>
              <Descriptions.Item label={t('create.password')}>
                <Typography.Text copyable={{ text: created.password }} code>
                  <bdi dir="ltr">{created.password}</bdi>
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Modal>
    </>
  );
}
