import { CheckCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { PRINT_DOCUMENT_TYPES, type PrintSettingsItem } from '@dental/contract';
import { Button, Card, Flex, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RowActions } from '../../../components/list-page/row-actions';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeletePrintSettings, usePrintSettingsList, useSavePrintSettings } from '../api';
import { saveInputOf } from '../print-model';

/**
 * /PrintSettings: the clinic's print settings grouped by document type, the default of each type marked; make one the
 * default, edit, delete (with confirmation). A type with nothing saved prints with its built-in settings.
 */
export default function PrintSettingsPage() {
  const { t } = useTranslation('print');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const list = usePrintSettingsList({});
  const save = useSavePrintSettings();
  const remove = useDeletePrintSettings();
  const canEdit = useCan('settings_print_edit');
  const items = (list.data?.items ?? []).filter((i) => i.id !== null);

  const makeDefault = (item: PrintSettingsItem) =>
    save.mutate(
      { ...saveInputOf(item), isDefault: true },
      { onSuccess: () => notify.success(t('settings.madeDefault')), onError: (e) => notify.warning(e.message) },
    );

  const columns: TableColumnsType<PrintSettingsItem> = [
    {
      key: 'name',
      title: t('settings.name'),
      render: (_, item) => (
        <Flex gap={8} align="center" wrap>
          <span>{item.name}</span>
          {item.isDefault && (
            <Tag color="green" icon={<CheckCircleOutlined />}>
              {t('settings.default')}
            </Tag>
          )}
        </Flex>
      ),
    },
    { key: 'pageSize', title: t('settings.pageSize'), render: (_, item) => t(`pageSizes.${item.pageSize}`), responsive: ['sm'] },
    { key: 'language', title: t('settings.language'), render: (_, item) => t(`languages.${item.language}`), responsive: ['md'] },
    {
      key: 'actions',
      title: tc('crud.actions'),
      width: 200,
      render: (_, item) => (
        <Flex gap={4} align="center" wrap>
          {canEdit && !item.isDefault && (
            <Button size="small" onClick={() => makeDefault(item)} loading={save.isPending && save.variables?.id === item.id}>
              {t('settings.setDefault')}
            </Button>
          )}
          <RowActions
            name={item.name}
            onEdit={canEdit ? () => navigate(`/AddEditPrintSettings/${item.id}`) : undefined}
            onDelete={
              canEdit ? () => remove.mutateAsync({ id: item.id! }).then(() => notify.success(tc('crud.deleted'))) : undefined
            }
          />
        </Flex>
      ),
    },
  ];

  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/AddEditPrintSettings')}>
      {t('settings.add')}
    </Button>
  ) : null;

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('settings.title')}
        </Typography.Title>
        {add}
      </Flex>
      {list.isPending ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <EmptyState description={t('settings.empty')}>{add}</EmptyState>
      ) : (
        <Flex vertical gap={20}>
          {PRINT_DOCUMENT_TYPES.map((type) => {
            const ofType = items.filter((i) => i.documentType === type);
            return (
              <section key={type} aria-label={t(`types.${type}`)}>
                <Typography.Title level={5} style={{ marginBlock: '0 8px' }}>
                  {t(`types.${type}`)}
                </Typography.Title>
                {ofType.length === 0 ? (
                  <Typography.Text type="secondary">{t('settings.noneOfType')}</Typography.Text>
                ) : (
                  <Table<PrintSettingsItem>
                    rowKey={(i) => i.id!}
                    columns={columns}
                    dataSource={ofType}
                    pagination={false}
                    size="small"
                  />
                )}
              </section>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
