import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The alert flag of a disease or drug: a switch for those who may edit, a tag otherwise. */
export function AlertToggle({
  name,
  value,
  onChange,
  editable,
}: {
  name: string;
  value: boolean;
  onChange: (v: boolean) => Promise<unknown>;
  editable: boolean;
}) {
  const { t } = useTranslation('medical');
  if (!editable) return value ? <Tag color="red">{t('alert')}</Tag> : null;
  return (
    <Tooltip title={value ? t('alertOn') : t('alertOff')}>
      <Switch
        size="small"
        checked={value}
        aria-label={`${t('alert')} ${name}`}
        onChange={(checked) => void onChange(checked).catch(() => undefined)}
        style={value ? { background: '#f5222d' } : undefined}
      />
    </Tooltip>
  );
}

/** Delete button of a disease or drug row, asking first. */
export function DeleteRecordButton({ name, onDelete }: { name: string; onDelete: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('crud.confirmDeleteTitle')}
      description={t('crud.confirmDelete', { name })}
      okText={t('actions.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('actions.cancel')}
      onConfirm={onDelete}
    >
      <Tooltip title={t('actions.delete')}>
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`${t('actions.delete')} ${name}`}
        />
      </Tooltip>
    </Popconfirm>
  );
}
