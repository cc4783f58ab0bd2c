import type { SupportKind } from '@dental/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Feature request or support request. */
export function KindTag({ kind }: { kind: SupportKind }) {
  const { t } = useTranslation('support');
  return (
    <Tag color={kind === 'feature' ? 'cyan' : 'magenta'} style={{ marginInlineEnd: 0 }}>
      {t(`kind.${kind}`)}
    </Tag>
  );
}
