import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  /** Given only when the user may edit. */
  onEdit?: () => void;
  /** Given only when the user may delete; asked for confirmation first. */
  onDelete?: () => Promise<unknown>;
  deleteDisabledReason?: string;
  name: string;
}

/** Edit and delete buttons of a table row; delete asks before it acts. */
export function RowActions({ onEdit, onDelete, deleteDisabledReason, name }: RowActionsProps) {
  const { t } = useTranslation();
  // the delete button's tooltip would cover its own confirmation: hidden while the confirmation is open
  const [confirming, setConfirming] = useState(false);
  return (
    <Space size="small">
      {onEdit && (
        <Tooltip title={t('actions.edit')}>
          <Button type="text" icon={<EditOutlined />} aria-label={`${t('actions.edit')} ${name}`} onClick={onEdit} />
        </Tooltip>
      )}
      {onDelete &&
        (deleteDisabledReason ? (
          <Tooltip title={deleteDisabledReason}>
            <Button
              type="text"
              danger
              disabled
              icon={<DeleteOutlined />}
              aria-label={`${t('actions.delete')} ${name}`}
            />
          </Tooltip>
        ) : (
          <Popconfirm
            title={t('crud.confirmDeleteTitle')}
            description={t('crud.confirmDelete', { name })}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('actions.cancel')}
            onConfirm={onDelete}
            onOpenChange={setConfirming}
          >
            <Tooltip title={t('actions.delete')} open={confirming ? false : undefined}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('actions.delete')} ${name}`} />
            </Tooltip>
          </Popconfirm>
        ))}
    </Space>
  );
}
