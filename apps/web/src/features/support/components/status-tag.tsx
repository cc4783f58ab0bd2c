import { REQUEST_STATUSES, type RequestStatus } from '@dental/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RequestStatus, string> = { RS1: 'blue', RS2: 'purple', RS3: 'orange', RS4: 'green' };

/** A request's status RS1-RS4 (new, planned, in progress, done) in its colour. */
export function StatusTag({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('support');
  return (
    <Tag color={COLORS[status]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Options of a status filter or picker, translated. */
export function useStatusOptions() {
  const { t } = useTranslation('support');
  return REQUEST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
}
