import { type InsuranceCompanyItem, type InsuranceCompanySortField, routeByName, routeState } from '@dental/contract';
import { Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable, MEDIUM_UP, SMALL_UP } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useListParams } from '../../../components/list-page/use-list-params';
import { isApiError } from '../../../lib/api';
import { PhoneText } from '../../../lib/phone-text';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeleteInsuranceCompany, useInsuranceCompanies } from '../api';
import { ActiveTag, ApprovalTag, DefaultTag } from '../components/company-tags';
import { formatPercentText } from '../components/decimal-format';

const FORM_ROUTE = routeByName('AddInsuranceCompany')!;

/** /InsuranceCompaniesList: the companies the clinic works with. The default company cannot be deleted. */
export default function InsuranceCompaniesPage() {
  const { t } = useTranslation('insurance');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const list = useListParams<InsuranceCompanySortField>();
  const companies = useInsuranceCompanies(list.params);
  const remove = useDeleteInsuranceCompany();
  // the form page's route needs insurance_add; editing there also needs insurance_edit
  const canOpenForm = !!user && routeState(FORM_ROUTE, user) === 'open';
  const canAdd = useCan('insurance_add') && canOpenForm;
  const canEdit = useCan('insurance_edit') && canOpenForm;
  const canDelete = useCan('insurance_delete');

  const deleteCompany = async (row: InsuranceCompanyItem) => {
    try {
      await remove.mutateAsync({ id: row.id });
      notify.success(t('companies.deleted'));
    } catch (error) {
      if (isApiError(error) && error.code === 'cannot_delete_in_use') notify.warning(t('companies.inUse'));
      else if (isApiError(error) && error.code === 'cannot_delete_default_insurance')
        notify.warning(t('companies.defaultCannotDelete'));
      else if (isApiError(error)) notify.warning(error.message);
    }
  };

  // a phone keeps the name, the coverage and the actions, as wide as the screen
  const columns: TableColumnsType<InsuranceCompanyItem> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: list.sortOrderOf('name'),
      render: (name: string, row) => (
        <Flex gap="small" align="center" wrap>
          <Typography.Text strong>{name}</Typography.Text>
          {row.isDefault && <DefaultTag />}
        </Flex>
      ),
    },
    {
      key: 'contact',
      title: t('fields.contact'),
      responsive: SMALL_UP,
      render: (_, row) =>
        !row.contactPerson && !row.mobile && !row.email ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Flex vertical>
            {row.contactPerson && <span>{row.contactPerson}</span>}
            {row.mobile && (
              <Typography.Text type="secondary">
                <PhoneText value={row.mobile} />
              </Typography.Text>
            )}
            {row.email && (
              <Typography.Text type="secondary">
                <bdi dir="ltr">{row.email}</bdi>
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      key: 'coveragePercentage',
      dataIndex: 'coveragePercentage',
      title: t('fields.coveragePercentage'),
      sorter: true,
      sortOrder: list.sortOrderOf('coveragePercentage'),
      render: (value: string) => <bdi>{formatPercentText(value)}</bdi>,
    },
    {
      key: 'requiresApproval',
      dataIndex: 'requiresApproval',
      title: t('fields.requiresApproval'),
      responsive: MEDIUM_UP,
      render: (required: boolean) => <ApprovalTag required={required} />,
    },
    {
      key: 'patientCount',
      dataIndex: 'patientCount',
      title: t('fields.patientCount'),
      responsive: MEDIUM_UP,
      sorter: true,
      sortOrder: list.sortOrderOf('patientCount'),
    },
    {
      key: 'isActive',
      dataIndex: 'isActive',
      title: t('fields.status'),
      responsive: SMALL_UP,
      render: (active: boolean) => <ActiveTag active={active} />,
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      width: 120,
      render: (_, row) => (
        <RowActions
          name={row.name}
          onEdit={canEdit ? () => navigate(`/AddInsuranceCompany/${row.id}`) : undefined}
          onDelete={canDelete ? () => deleteCompany(row) : undefined}
          deleteDisabledReason={row.isDefault ? t('companies.defaultCannotDelete') : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('companies.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('companies.search')}
      onAdd={canAdd ? () => navigate('/AddInsuranceCompany') : undefined}
      addLabel={t('companies.add')}
    >
      <ListTable<InsuranceCompanyItem>
        columns={columns}
        query={companies}
        list={list}
        emptyText={t('companies.empty')}
        fitsPhone
      />
    </ListPage>
  );
}
