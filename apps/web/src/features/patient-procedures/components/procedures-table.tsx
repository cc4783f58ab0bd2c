import { CreditCardOutlined, DeleteOutlined, DownOutlined, EditOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { PatientProcedureItem } from '@dental/contract';
import { Button, Dropdown, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { isPositive } from '../../payments/payments-model';
import { LabOrderButton } from '../../labs/components/lab-order-button';
import { teethText, treatmentBranchName } from '../procedure-model';
import { StatusTag, transitionAction, useProcedureActions, useProcedureFormat } from './procedure-ui';

interface ProceduresTableProps {
  items: PatientProcedureItem[];
  loading?: boolean;
  canWrite: boolean;
  actions: ReturnType<typeof useProcedureActions>;
  onEdit?: (item: PatientProcedureItem) => void;
  onVisits?: (item: PatientProcedureItem) => void;
  /** Every patient's list: show who the patient is. */
  showPatient?: boolean;
  pagination?: TableProps<PatientProcedureItem>['pagination'];
  onChange?: TableProps<PatientProcedureItem>['onChange'];
  onRow?: TableProps<PatientProcedureItem>['onRow'];
  /** Paid and remaining per procedure (the payments feature's figures) and, for who may take money, a pay action. */
  payments?: {
    byId: ReadonlyMap<number, { paid: string; remaining: string }>;
    label: { paid: string; remaining: string; pay: string };
    onPay?: (item: PatientProcedureItem) => void;
  };
}

/** A table of patient procedures with the actions the status machine allows on each row. */
export function ProceduresTable(p: ProceduresTableProps) {
  const { t } = useTranslation('patient-procedures');
  const { t: tc } = useTranslation();
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const f = useProcedureFormat();

  const columns: TableProps<PatientProcedureItem>['columns'] = [
    ...(p.showPatient
      ? [
          {
            key: 'patient',
            title: t('columns.patient'),
            render: (_: unknown, r: PatientProcedureItem) => (
              <Link to={`/Patient/${r.patientId}/8`} onClick={(e) => e.stopPropagation()}>
                {r.patientName} <Typography.Text type="secondary">({r.patientCode})</Typography.Text>
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'procedure',
      title: t('columns.procedure'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Link to={`/TreatmentDetails/${r.id}`} onClick={(e) => e.stopPropagation()} data-testid="procedure-name">
            {f.name(r)}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.procedureCode, treatmentBranchName(r, f.language)].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'teeth',
      title: t('columns.teeth'),
      render: (_, r) => <bdi dir="ltr">{teethText(r.teeth, numbering) || '—'}</bdi>,
    },
    { key: 'status', title: t('columns.status'), render: (_, r) => <StatusTag status={r.status} /> },
    { key: 'doctor', title: t('columns.doctor'), render: (_, r) => r.completedByName && r.status === 'S4' ? `${r.doctorName} → ${r.completedByName}` : r.doctorName },
    {
      key: 'date',
      title: t('columns.date'),
      render: (_, r) => formatDate(r.completedAt ?? r.plannedDate ?? r.createdAt),
    },
    { key: 'price', title: t('columns.price'), align: 'end', render: (_, r) => <bdi>{f.money(r.price)}</bdi> },
    {
      key: 'discount',
      title: t('columns.discount'),
      align: 'end',
      responsive: ['md'],
      render: (_, r) => (r.discount && !/^0*\.?0*$/.test(r.discount) ? <bdi>{f.money(r.discount)}</bdi> : '—'),
    },
    { key: 'net', title: t('columns.net'), align: 'end', render: (_, r) => <bdi>{f.money(r.net)}</bdi> },
    ...(p.payments
      ? ([
          { key: 'paid', title: p.payments.label.paid, align: 'end', responsive: ['md'], render: (_: unknown, r: PatientProcedureItem) => <bdi>{f.money(p.payments!.byId.get(r.id)?.paid)}</bdi> },
          {
            key: 'remaining',
            title: p.payments.label.remaining,
            align: 'end',
            render: (_: unknown, r: PatientProcedureItem) => <bdi data-testid="procedure-remaining">{f.money(p.payments!.byId.get(r.id)?.remaining)}</bdi>,
          },
        ] satisfies TableProps<PatientProcedureItem>['columns'])
      : []),
  ];
  if (p.canWrite || p.onVisits) {
    columns.push({
      key: 'actions',
      title: tc('crud.actions'),
      fixed: 'end',
      render: (_, r) => {
        const next = p.canWrite ? p.actions.nextStatuses(r) : [];
        return (
          <Space size={4} wrap onClick={(e) => e.stopPropagation()}>
            {next.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: next.map((to) => ({ key: to, label: t(`actions.${transitionAction(r.status, to)}`) })),
                  onClick: ({ key }) => void p.actions.move(r, key as typeof next[number]),
                }}
              >
                <Button size="small" loading={p.actions.busy} data-testid="status-menu" aria-label={t('actions.status')}>
                  <Space size={4}>
                    {t('actions.status')}
                    <DownOutlined />
                  </Space>
                </Button>
              </Dropdown>
            )}
            {p.onVisits && (
              <Button size="small" icon={<ScheduleOutlined />} onClick={() => p.onVisits!(r)} aria-label={t('visits.title')}>
                {r.visitCount > 0 ? r.visitCount : null}
              </Button>
            )}
            {p.payments?.onPay && isPositive(p.payments.byId.get(r.id)?.remaining) && (
              <Button size="small" icon={<CreditCardOutlined />} onClick={() => p.payments!.onPay!(r)} aria-label={p.payments.label.pay} data-testid="procedure-pay" />
            )}
            {r.status !== 'S5' && <LabOrderButton patientId={r.patientId} procedureId={r.id} tooth={r.teeth[0]?.tooth} />}
            {p.canWrite && p.onEdit && r.status !== 'S5' && (
              <Button size="small" icon={<EditOutlined />} onClick={() => p.onEdit!(r)} aria-label={tc('actions.edit')} />
            )}
            {p.canWrite && p.actions.canDelete(r) && (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => p.actions.confirmDelete(r, f.name(r))}
                aria-label={tc('actions.delete')}
              />
            )}
          </Space>
        );
      },
    });
  }

  return (
    <Table<PatientProcedureItem>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={p.items}
      loading={p.loading}
      pagination={p.pagination ?? false}
      onChange={p.onChange}
      onRow={p.onRow}
      scroll={{ x: 'max-content' }}
      data-testid="procedures-table"
    />
  );
}
