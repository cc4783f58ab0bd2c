import { ClockCircleOutlined } from '@ant-design/icons';
import { LAB_ORDER_STATUSES, type LabOrderHistoryItem, type LabOrderStatus, type MyLabOrderItem, toothCode } from '@dental/contract';
import { Descriptions, Flex, Input, Modal, Select, Tag, Timeline, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { clinicToday, formatWallDate } from '../../../lib/clinic-time';
import { useMoney } from '../../payments/components/money';
import { formatDateTime } from '../../../lib/format';
import { nameIn } from '../../../lib/local-name';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/** A red that keeps 4.5:1 on white for text (antd's error red does not): warnings in words. */
export const DANGER_TEXT = '#a8071a';

/** Status colours: the status's name carries the meaning, the colour only helps. */
const STATUS_COLORS: Record<LabOrderStatus, string> = {
  LOS1: 'default',
  LOS2: 'processing',
  LOS3: 'success',
  LOS4: 'warning',
  LOS5: 'processing',
  LOS6: 'error',
  LOS7: 'cyan',
};

export function LabStatusTag({ status }: { status: LabOrderStatus }) {
  const { t } = useTranslation('labs');
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status} data-testid="lab-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Whole days from a calendar day ('YYYY-MM-DD') to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** An overdue order says so in words (and an icon), not by colour alone: "Overdue by 3 days". */
export function OverdueTag({ expected }: { expected: string | null }) {
  const { t } = useTranslation('labs');
  const timeZone = useSession()?.user.timeZone ?? 'UTC';
  const days = expected ? Math.max(1, daysBetween(expected, clinicToday(timeZone))) : 0;
  return (
    <Tag color="red" icon={<ClockCircleOutlined />} data-testid="lab-overdue">
      {days ? t('overdueDays', { count: days }) : t('overdue')}
    </Tag>
  );
}

/** A lab service's name in the UI language (French: its French name when it has one, else the English one). */
export const serviceName = (s: { serviceNameAr: string; serviceNameEn: string; serviceNameFr?: string | null }) =>
  nameIn(currentLanguage(), s.serviceNameAr, s.serviceNameEn, s.serviceNameFr);

/** The order's status history, oldest first: from → to (or the lab's "ready" mark), who, when, the note. */
export function LabOrderHistory({ history }: { history: LabOrderHistoryItem[] }) {
  const { t } = useTranslation('labs');
  if (history.length === 0) return <EmptyState compact description={t('order.historyEmpty')} />;
  return (
    <Timeline
      data-testid="lab-history"
      items={history.map((h) => ({
        key: h.id,
        color: h.ready ? 'green' : h.toStatus === 'LOS6' ? 'red' : 'blue',
        children: (
          <div data-testid="lab-history-item">
            <Typography.Text strong>
              {h.ready
                ? t('history.ready')
                : h.fromStatus
                  ? t('order.historyLine', { from: t(`status.${h.fromStatus}`), to: t(`status.${h.toStatus}`) })
                  : t('history.created')}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {formatDateTime(h.createdAt)}
              {h.userName ? ` · ${t('order.by', { name: h.userName })}` : ''}
              {h.byLab ? ` (${t('history.lab')})` : ''}
            </Typography.Text>
            {h.note && (
              <>
                <br />
                <Typography.Text>{h.note}</Typography.Text>
              </>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** The statuses filter of an orders list (several at once). */
export function StatusFilter({ value, onChange }: { value?: LabOrderStatus[]; onChange: (v: LabOrderStatus[] | undefined) => void }) {
  const { t } = useTranslation('labs');
  return (
    <Select<LabOrderStatus[]>
      mode="multiple"
      allowClear
      placeholder={t('orders.status')}
      aria-label={t('orders.status')}
      style={{ flex: '1 1 200px' }}
      value={value}
      onChange={(v) => onChange(v.length ? v : undefined)}
      options={LAB_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      maxTagCount="responsive"
    />
  );
}

type Facts = Omit<MyLabOrderItem, 'id' | 'orderNo' | 'status' | 'labServiceId' | 'overdue' | 'readyAt' | 'version'>;

/** What the lab must make, read-only (a sent order on the clinic's page, an order in the lab user's drawer). */
export function OrderFacts({ order, columns = 2, lab, created }: { order: Facts; columns?: 1 | 2; lab?: string; created?: string }) {
  const { t } = useTranslation('labs');
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const m = useMoney();
  const dash = (v: string | null) => v || '—';
  const day = (v: string | null) => (v ? formatWallDate(v) : '—');
  const items: Array<[string, ReactNode]> = [
    [t('order.patient'), <><bdi>{order.patientName}</bdi> (<bdi dir="ltr">{order.patientCode}</bdi>)</>],
    ...(lab ? [[t('order.lab'), lab] as [string, ReactNode]] : []),
    [t('order.service'), serviceName(order)],
    [t('order.tooth'), order.tooth ? <bdi dir="ltr">{toothCode(order.tooth, numbering)}</bdi> : '—'],
    [t('order.shape'), dash(order.shapeType)],
    [t('order.shade'), dash(order.shade)],
    [t('order.neck'), dash(order.neck)],
    [t('order.body'), dash(order.body)],
    [t('order.incisal'), dash(order.incisal)],
    [t('orders.doctor'), dash(order.doctorName)],
    [t('order.sendDate'), day(order.sendDate)],
    [t('order.expectedDate'), day(order.expectedDeliveryDate)],
    [t('order.price'), <bdi>{m.money(order.price)}</bdi>],
    ...(created ? [[t('order.created'), formatDateTime(created)] as [string, ReactNode]] : []),
  ];
  return (
    <Descriptions bordered size="small" column={columns === 1 ? 1 : { xs: 1, md: 2 }} data-testid="lab-order-facts">
      {items.map(([label, value]) => (
        <Descriptions.Item key={label} label={label}>
          {value}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('order.notes')} span={columns}>
        {dash(order.notes)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A list cell: the patient's name over their code. */
export function PatientCell({ order }: { order: { patientName: string; patientCode: string } }) {
  return (
    <Flex vertical>
      <bdi>{order.patientName}</bdi>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <bdi dir="ltr">{order.patientCode}</bdi>
      </Typography.Text>
    </Flex>
  );
}

/** A list cell: the service over the tooth and shade. */
export function ServiceCell({ order }: { order: { serviceNameAr: string; serviceNameEn: string; serviceNameFr?: string | null; tooth: number | null; shade: string | null } }) {
  const { t } = useTranslation('labs');
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const detail = [order.tooth ? `${t('orders.tooth')} ${toothCode(order.tooth, numbering)}` : null, order.shade].filter(Boolean).join(' · ');
  return (
    <Flex vertical>
      <span>{serviceName(order)}</span>
      {detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <bdi>{detail}</bdi>
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * Asks before a status move, with an optional note (kept in the history). `onSubmit` sends it; the dialog closes when
 * it resolves and stays open (showing nothing more) when it throws, so the caller reports the refusal itself.
 */
export function MoveDialog({
  move,
  onSubmit,
  onClose,
}: {
  /** The move being asked for: its title and button text, or null when closed. */
  move: { title: string; okText: string } | null;
  onSubmit: (note: string | undefined) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(note.trim() || undefined);
      setNote('');
      onClose();
    } catch {
      // the caller said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!move}
      title={move?.title}
      okText={move?.okText}
      cancelText={tc('actions.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => {
        setNote('');
        onClose();
      }}
      destroyOnHidden
      data-testid="lab-move-dialog"
    >
      <Input.TextArea
        rows={2}
        maxLength={500}
        placeholder={t('move.note')}
        aria-label={t('move.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        data-testid="lab-move-note"
      />
    </Modal>
  );
}
