import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The empty-data view (spec §2): a gently floating picture and a short text, optionally an action. */
export function EmptyState({
  description,
  children,
  compact = false,
}: {
  description?: ReactNode;
  children?: ReactNode;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Empty
      className={compact ? 'empty-state empty-state-compact' : 'empty-state'}
      image={compact ? Empty.PRESENTED_IMAGE_SIMPLE : Empty.PRESENTED_IMAGE_DEFAULT}
      description={description ?? t('empty.noData')}
    >
      {children}
    </Empty>
  );
}
