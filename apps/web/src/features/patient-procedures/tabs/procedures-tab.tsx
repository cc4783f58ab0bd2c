import { FileDoneOutlined, PlusOutlined } from '@ant-design/icons';
import { type Dentition, type PatientProcedureItem, type SavePatientProcedureOutput, toothCode } from '@dental/contract';
import { Button, Card, Empty, Flex, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { type Selection, EMPTY_SELECTION, selectedTeeth } from '../../dental-chart/chart-state';
import { ChartLegend } from '../../dental-chart/components/chart-legend';
import { usePatientHeader } from '../../patients/api';
import type { NewAppointmentRequest } from '../../scheduler/appointment-draft';
import { PAYMENTS_READ_KEYS, PAYMENTS_WRITE_KEYS, usePayableProcedures } from '../../payments/api';
import { usePatientProcedures } from '../api';
import { PickingChart } from '../components/picking-chart';
import { ProcedureDrawer } from '../components/procedure-drawer';
import { useProcedureActions, useProcedureFormat } from '../components/procedure-ui';
import { ProceduresTable } from '../components/procedures-table';
import { ProceduresPrint } from '../components/procedures-print';
import { VisitsDrawer } from '../components/visits-drawer';
import { STATUS_GROUPS, proceduresByTooth } from '../procedure-model';
import '../patient-procedures.css';

/**
 * Tab 8 of the patient file (/Patient/<id>/8): the patient's procedures on the chart and grouped by status (the
 * treatment plan S1, in progress, completed, cancelled) with totals; a tooth picked on the chart filters the list
 * and is pre-picked for a new procedure. Status moves follow the status machine; the plan and the statement can be printed, and the invoices opened.
 */
export default function ProceduresTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patient-procedures');
  const { t: tc } = useTranslation();
  const { t: tp } = useTranslation('payments');
  const navigate = useNavigate();
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const canWrite = useCan(['treatment_add', 'patient_edit']);
  const f = useProcedureFormat();
  const header = usePatientHeader(patientId);
  const [modal, holder] = Modal.useModal();

  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [dentition, setDentition] = useState<Dentition>('adult');
  const tooth = selectedTeeth(selection).at(-1);
  const all = usePatientProcedures({ patientId });
  const filtered = usePatientProcedures({ patientId, tooth }, tooth !== undefined);
  const data = tooth === undefined ? all.data : filtered.data;
  const reload = all.refetch;
  const actions = useProcedureActions(reload);
  // paid and remaining per procedure, and a pay action that opens the payments tab with the procedure selected
  const canReadMoney = useCan(PAYMENTS_READ_KEYS);
  const canPay = useCan(PAYMENTS_WRITE_KEYS);
  const money = usePayableProcedures(patientId, canReadMoney);
  const payments = useMemo(
    () =>
      money.data
        ? {
            byId: new Map(money.data.items.map((i) => [i.id, i])),
            label: { paid: tp('columns.paid'), remaining: tp('columns.remaining'), pay: tp('tab.paySelected', { count: 1 }) },
            onPay: canPay ? (item: PatientProcedureItem) => navigate(`/Patient/${patientId}/9`, { state: { pay: item.id } }) : undefined,
          }
        : undefined,
    [money.data, canPay, navigate, patientId, tp],
  );

  const [editing, setEditing] = useState<PatientProcedureItem | null | undefined>(undefined);
  const [visitsOf, setVisitsOf] = useState<PatientProcedureItem | null>(null);
  const marks = useMemo(() => proceduresByTooth(all.data?.items ?? []), [all.data]);
  const groups = useMemo(() => {
    const items = data?.items ?? [];
    return STATUS_GROUPS.map((g) => ({
      ...g,
      items: items.filter((i) => (g.statuses as readonly string[]).includes(i.status)),
      totals: data?.totals[g.key],
    }));
  }, [data]);

  const onSaved = (result: SavePatientProcedureOutput, doctorId: number, created: boolean) => {
    setEditing(undefined);
    if (result.insuranceLimitWarning) {
      void modal.warning({
        title: t('insuranceLimit.title'),
        content: t('insuranceLimit.body', {
          remaining: f.money(result.insuranceLimitWarning.remaining),
          total: f.money(result.insuranceLimitWarning.total),
        }),
      });
    }
    const patient = header.data;
    if (created && result.offerAppointment && patient) {
      const request: NewAppointmentRequest = { patient: { id: patientId, name: patient.name, code: patient.code }, doctorId };
      void modal.confirm({
        title: t('nextAppointment.title'),
        content: t('nextAppointment.body'),
        okText: t('nextAppointment.book'),
        cancelText: tc('actions.close'),
        onOk: () => navigate('/', { state: { newAppointment: request } }),
      });
    }
  };

  if (all.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (all.isError)
    return (
      <EmptyState description={tc('error.subtitle')}>
        <Button onClick={() => void all.refetch()}>{tc('actions.reload')}</Button>
      </EmptyState>
    );

  return (
    <div className="pp-tab" data-testid="procedures-tab">
      {holder}
      <Flex vertical gap={16}>
        <Card size="small" title={t('tab.chart')}>
          <Flex vertical gap={8}>
            <PickingChart dentition={dentition} onDentition={setDentition} selection={selection} onSelection={setSelection} procedures={marks} />
            <ChartLegend proceduresOnly />
          </Flex>
        </Card>

        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space wrap>
            {tooth !== undefined ? (
              <Tag closable onClose={() => setSelection(EMPTY_SELECTION)} data-testid="tooth-filter">
                {t('tab.filteredByTooth', { tooth: toothCode(tooth, numbering) })}
              </Tag>
            ) : (
              <Typography.Text type="secondary">{t('tab.pickHint')}</Typography.Text>
            )}
          </Space>
          <Space wrap>
            <ProceduresPrint
              patientId={patientId}
              planned={(all.data?.items ?? []).filter((i) => i.status === 'S1')}
              totals={all.data?.totals.planned}
            />
            <Button icon={<FileDoneOutlined />} onClick={() => navigate(`/Invoice/${patientId}`)}>
              {t('tab.invoices')}
            </Button>
            {canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="add-procedure">
                {t('tab.add')}
              </Button>
            )}
          </Space>
        </Flex>

        {groups.every((g) => g.items.length === 0) ? (
          <Empty description={t('tab.empty')} />
        ) : (
          groups
            .filter((g) => g.items.length > 0 || g.key === 'planned')
            .map((g) => (
              <section key={g.key} data-testid={`group-${g.key}`} className="pp-group">
                <Flex justify="space-between" align="baseline" wrap gap={8}>
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {t(`groups.${g.key}`)} <Typography.Text type="secondary">({g.items.length})</Typography.Text>
                  </Typography.Title>
                  {g.totals && (
                    <Typography.Text data-testid={`total-${g.key}`}>
                      {t('totals.line', { price: f.money(g.totals.price), discount: f.money(g.totals.discount), net: f.money(g.totals.net) })}
                    </Typography.Text>
                  )}
                </Flex>
                <ProceduresTable
                  items={g.items}
                  loading={tooth !== undefined && filtered.isFetching}
                  canWrite={canWrite}
                  actions={actions}
                  onEdit={(item) => setEditing(item)}
                  onVisits={(item) => setVisitsOf(item)}
                  payments={payments}
                />
              </section>
            ))
        )}
        {data && (
          <Typography.Text strong style={{ textAlign: 'end' }} data-testid="total-all">
            {t('totals.all', { net: f.money(data.totals.all.net), count: data.totals.all.count })}
          </Typography.Text>
        )}
      </Flex>

      <ProcedureDrawer
        open={editing !== undefined}
        patientId={patientId}
        item={editing}
        initialSelection={selection}
        onClose={() => setEditing(undefined)}
        onSaved={onSaved}
        reload={reload}
      />
      <VisitsDrawer item={visitsOf} canWrite={canWrite} onClose={() => setVisitsOf(null)} />
      {actions.contextHolder}
    </div>
  );
}
