import type { ProcedureStatusChange } from '@dental/contract';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { usePatientProcedure } from '../api';
import { StatusTag, transitionAction, useProcedureActions, useProcedureFormat } from '../components/procedure-ui';
import { VisitsDrawer } from '../components/visits-drawer';
import { teethText, treatmentBranchName } from '../procedure-model';

/**
 * /TreatmentDetails/:ID: one patient procedure: what, where, who, money, dates, its visits, and its status history
 * (every change: from, to, who, when, the note) as a timeline, oldest first.
 */
export default function TreatmentDetailsPage() {
  const { t } = useTranslation('patient-procedures');
  const navigate = useNavigate();
  const id = Number(useParams().ID);
  const valid = Number.isInteger(id) && id > 0;
  const session = useSession();
  const numbering = session?.user.toothNumberingSystem ?? 'FDI';
  const f = useProcedureFormat();
  const item = usePatientProcedure(valid ? id : undefined);
  const canWrite = useCan(['treatment_add', 'patient_edit']);
  const reload = item.refetch;
  const actions = useProcedureActions(reload);
  const [visits, setVisits] = useState(false);

  if (!valid || item.isError)
    return <Result status="404" title={t('details.notFound')} extra={<Button onClick={() => navigate('/PatientsProceduresList')}>{t('details.backToList')}</Button>} />;
  if (!item.data) return <Card><Skeleton active /></Card>;
  const p = item.data;
  return (
    <Card>
      {actions.contextHolder}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBlockEnd: 16 }}>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {f.name(p)}
          </Typography.Title>
          <StatusTag status={p.status} />
        </Space>
        <Space wrap>
          {canWrite &&
            actions.nextStatuses(p).map((to) => (
              <Button key={to} onClick={() => void actions.move(p, to)} loading={actions.busy}>
                {t(`actions.${transitionAction(p.status, to)}`)}
              </Button>
            ))}
          <Button onClick={() => setVisits(true)}>{t('visits.title')} ({p.visitCount})</Button>
        </Space>
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('columns.patient')}>
          <Link to={`/Patient/${p.patientId}/8`}>{`${p.patientName} (${p.patientCode})`}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.treatmentBranch')}>{treatmentBranchName(p, f.language)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.code')}>{p.procedureCode ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('columns.teeth')}>
          <bdi dir="ltr">{teethText(p.teeth, numbering) || '—'}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.doctor')}>{p.doctorName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.branch')}>{p.branchName}</Descriptions.Item>
        <Descriptions.Item label={t('columns.price')}><bdi>{f.money(p.price)}</bdi></Descriptions.Item>
        <Descriptions.Item label={t('columns.discount')}>
          <bdi>{f.money(p.discount)}</bdi>
          {p.discountPercent ? ` (${p.discountPercent}%)` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.net')}><bdi>{f.money(p.net)}</bdi></Descriptions.Item>
        <Descriptions.Item label={t('fields.insurance')}>{p.insuranceCompanyName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(p.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.plannedDate')}>{formatDate(p.plannedDate) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.completedAt')}>
          {p.completedAt ? `${formatDateTime(p.completedAt)}${p.completedByName ? ` · ${p.completedByName}` : ''}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.approval')}>{p.approvalOverridden ? t('details.withoutApproval') : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.notes')} span={2}>{p.notes ?? '—'}</Descriptions.Item>
      </Descriptions>
      <StatusHistory history={p.statusHistory} />
      <VisitsDrawer item={visits ? p : null} canWrite={canWrite} onClose={() => setVisits(false)} />
    </Card>
  );
}

/** The procedure's status changes, oldest first: the status it started in, then each move with who, when and why. */
function StatusHistory({ history }: { history: ProcedureStatusChange[] }) {
  const { t } = useTranslation('patient-procedures');
  return (
    <section aria-labelledby="status-history" data-testid="status-history" style={{ marginBlockStart: 24 }}>
      <Typography.Title level={4} id="status-history">
        {t('details.history')}
      </Typography.Title>
      {history.length === 0 ? (
        <Typography.Text type="secondary">{t('details.historyEmpty')}</Typography.Text>
      ) : (
        <Timeline
          items={history.map((h, i) => ({
            key: i,
            content: (
              <div data-testid="status-change">
                <Space size={4} wrap>
                  {h.fromStatus ? <StatusTag status={h.fromStatus} /> : <span>{t('details.historyStart')}</span>}
                  {h.fromStatus && <span aria-hidden>{t('details.historyArrow')}</span>}
                  <StatusTag status={h.toStatus} />
                </Space>
                <div>
                  <Typography.Text type="secondary">
                    {formatDateTime(h.changedAt)} · {t('details.historyBy', { name: h.changedByName ?? t('details.historyUnknown') })}
                  </Typography.Text>
                </div>
                {h.note && <Typography.Paragraph style={{ margin: 0 }}>{h.note}</Typography.Paragraph>}
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}
