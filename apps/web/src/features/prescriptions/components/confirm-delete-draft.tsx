import { Popconfirm } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before a draft prescription is deleted (its button inside); a published one offers no delete at all. */
export function ConfirmDeleteDraft({ onConfirm, children }: { onConfirm: () => Promise<unknown>; children: ReactElement }) {
  const { t } = useTranslation('prescriptions');
  const { t: tc } = useTranslation();
  return (
    <Popconfirm
      title={t('editor.deleteTitle')}
      description={t('editor.deleteText')}
      okText={tc('actions.delete')}
      okButtonProps={{ danger: true }}
      cancelText={tc('actions.cancel')}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
