import { PlusOutlined } from '@ant-design/icons';
import {
  GROUP_TIER,
  LIMITS,
  type PatientLimitItem,
  routeByName,
  type savePatientLimitInput,
  tierRank,
} from '@dental/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Skeleton,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LockedFeature } from '../../../app/shell/locked-feature';
import { EmptyState } from '../../../components/empty-state';
import { FormModal } from '../../../components/form-modal';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeletePatientLimit, usePatientInsurance, usePatientLimits, useSavePatientLimit } from '../api';
import { formatDecimalText, trimDecimalText } from '../components/decimal-format';
import { LimitFormFields } from '../components/limit-form-fields';

type LimitValues = Omit<z.input<typeof savePatientLimitInput>, 'id' | 'patientId'>;

/** The route whose tier and name the locked view shows: insurance is a Standard (ST2) feature. */
const INSURANCE_ROUTE = routeByName('InsuranceCompaniesList')!;

const toValues = (limit: PatientLimitItem): LimitValues => ({
  title: limit.title,
  amount: trimDecimalText(limit.amount) ?? '',
  insuranceCompanyId: limit.insuranceCompany?.id ?? null,
  startDate: limit.startDate,
  endDate: limit.endDate,
  notes: limit.notes ?? '',
});

/** "01/01/2025 – 31/12/2025", "From 01/01/2025", "Until …", or nothing. */
function usePeriod() {
  const { t } = useTranslation('insurance');
  return (start: string | null, end: string | null) => {
    if (start && end) return `${formatDate(start)} – ${formatDate(end)}`;
    if (start) return t('tab.from', { date: formatDate(start) });
    if (end) return t('tab.until', { date: formatDate(end) });
    return '';
  };
}

/** The patient's insurance company and numbers, from the patient's record. */
function PatientInsuranceCard({ patientId }: { patientId: number }) {
  const { t } = useTranslation('insurance');
  const patient = usePatientInsurance(patientId);
  const period = usePeriod();
  const p = patient.data;
  const numbers = p
    ? ([
        ['insuranceNo', p.insuranceNo],
        ['policyNo', p.policyNo],
        ['membershipNo', p.membershipNo],
        ['dependentCode', p.dependentCode],
        ['certificateNo', p.certificateNo],
        ['relatedCompany', p.relatedCompany],
      ] as const)
    : [];
  return (
    <Card title={t('tab.insurance')} size="small">
      {patient.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !p ? (
        <Alert type="warning" showIcon title={t('tab.loadFailed')} />
      ) : !p.insuranceCompany ? (
        <Typography.Text type="secondary">{t('tab.noCompany')}</Typography.Text>
      ) : (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('tab.company')}>
            <Typography.Text strong>{p.insuranceCompany.name}</Typography.Text>
          </Descriptions.Item>
          {numbers
            .filter(([, value]) => value)
            .map(([key, value]) => (
              <Descriptions.Item key={key} label={t(`tab.${key}`)}>
                <bdi>{value}</bdi>
              </Descriptions.Item>
            ))}
          {(p.insuranceStartDate || p.insuranceEndDate) && (
            <Descriptions.Item label={t('tab.period')}>
              {period(p.insuranceStartDate, p.insuranceEndDate)}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Card>
  );
}

/** The patient's insurance limits: a table with add and edit (in a modal) and delete (confirmed). */
function PatientLimitsCard({ patientId }: { patientId: number }) {
  const { t } = useTranslation('insurance');
  const { t: tc } = useTranslation();
  const currency = useSession()?.user.currency ?? '';
  const limits = usePatientLimits(patientId);
  const save = useSavePatientLimit();
  const remove = useDeletePatientLimit();
  const editor = useEditor<PatientLimitItem>();
  const [form] = Form.useForm<LimitValues>();
  const canEdit = useCan('patient_edit');
  const period = usePeriod();
  // a stable object: the modal resets its fields whenever the initial values change
  const initialValues = useMemo(() => (editor.record ? toValues(editor.record) : undefined), [editor.record]);

  const columns: TableColumnsType<PatientLimitItem> = [
    { key: 'title', dataIndex: 'title', title: t('tab.limit.title') },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('tab.limit.amount'),
      render: (amount: string) => <bdi>{formatDecimalText(amount, currency)}</bdi>,
    },
    {
      key: 'company',
      title: t('tab.limit.company'),
      render: (_, row) => row.insuranceCompany?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'period', title: t('tab.period'), render: (_, row) => period(row.startDate, row.endDate) },
    { key: 'notes', dataIndex: 'notes', title: t('tab.limit.notes'), ellipsis: true },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: tc('crud.actions'),
            fixed: 'end' as const,
            width: 110,
            render: (_: unknown, row: PatientLimitItem) => (
              <RowActions
                name={row.title}
                onEdit={() => editor.openEdit(row)}
                onDelete={() =>
                  remove.mutateAsync({ id: row.id, patientId }).then(() => notify.success(tc('crud.deleted')))
                }
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title={t('tab.limits')}
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={editor.openNew}>
            {t('tab.addLimit')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('tab.limitsHint')}</Typography.Paragraph>
      <Table<PatientLimitItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={limits.data?.items}
        loading={limits.isFetching}
        pagination={{ pageSize: LIMITS.tablePageSize, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: limits.isLoading ? ' ' : <EmptyState compact description={t('tab.emptyLimits')} /> }}
        summary={() =>
          limits.data?.items.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('tab.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} colSpan={columns.length - 1}>
                <Typography.Text strong>
                  <bdi>{formatDecimalText(limits.data.totalAmount, currency)}</bdi>
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <FormModal<LimitValues>
        open={editor.open}
        title={editor.record ? t('tab.editLimit') : t('tab.addLimit')}
        form={form}
        initialValues={initialValues}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id, patientId })}
        onClose={editor.close}
      >
        <LimitFormFields currency={currency} current={editor.record?.insuranceCompany} />
      </FormModal>
    </Card>
  );
}

/**
 * The patient file's insurance tab: the patient's insurance company and numbers, and their insurance limits.
 * Insurance is a Standard (ST2) feature: below that tier the locked-feature view shows and nothing is called.
 */
export default function InsuranceTab({ patientId }: { patientId: number }) {
  const user = useSession()?.user;
  if (!user || tierRank(user.subscriptionType) < tierRank(GROUP_TIER.insurance))
    return <LockedFeature route={INSURANCE_ROUTE} />;
  return (
    <Flex vertical gap="middle">
      <PatientInsuranceCard patientId={patientId} />
      <PatientLimitsCard patientId={patientId} />
    </Flex>
  );
}
