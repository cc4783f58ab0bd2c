import { REQUEST_STATUSES, type RequestStatus, type SupportKind } from '@dental/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Same colours as the clinic's support pages; the labels come from the support feature's namespace. */
const STATUS_COLORS: Record<RequestStatus, string> = { RS1: 'blue', RS2: 'purple', RS3: 'orange', RS4: 'green' };

/** Feature request or support request. */
export function RequestKindTag({ kind }: { kind: SupportKind }) {
  const { t } = useTranslation('support');
  return (
    <Tag color={kind === 'feature' ? 'cyan' : 'magenta'} style={{ marginInlineEnd: 0 }}>
      {t(`kind.${kind}`)}
    </Tag>
  );
}

/** A request's status RS1-RS4 (new, planned, in progress, done) in its colour. */
export function RequestStatusTag({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('support');
  return (
    <Tag color={STATUS_COLORS[status]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** RS1-RS4 as select options, translated, with the code after the name. */
export function useRequestStatusOptions() {
  const { t } = useTranslation('support');
  return REQUEST_STATUSES.map((value) => ({ value, label: `${t(`status.${value}`)} (${value})` }));
}
