import { CopyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { generatePassword } from '@dental/contract';
import { Button, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toast';

/** Copies text to the clipboard and says so (or says to copy by hand where the browser refuses). */
export async function copyText(text: string, t: (key: string) => string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(t('password.copied'));
  } catch {
    notify.warning(t('password.copyFailed'));
  }
}

interface PasswordFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  'aria-invalid'?: boolean;
}

/**
 * The initial password of a new user: typed, or generated (spec §5: 8-16 characters with upper, lower, digit and
 * one of !@#$&*) with the contract's generator, shown so it can be copied and handed over.
 */
export function PasswordField({ id, value, onChange, ...rest }: PasswordFieldProps) {
  const { t } = useTranslation('users');
  const [visible, setVisible] = useState(false);
  const generate = () => {
    onChange?.(generatePassword());
    setVisible(true);
  };
  return (
    <Space.Compact style={{ width: '100%' }} dir="ltr">
      <Input.Password
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        visibilityToggle={{ visible, onVisibleChange: setVisible }}
        autoComplete="new-password"
        aria-invalid={rest['aria-invalid']}
        maxLength={64}
        dir="ltr"
      />
      <Tooltip title={t('password.generate')}>
        <Button icon={<ThunderboltOutlined />} onClick={generate}>
          {t('password.generate')}
        </Button>
      </Tooltip>
      <Tooltip title={t('password.copy')}>
        <Button
          icon={<CopyOutlined />}
          aria-label={t('password.copy')}
          disabled={!value}
          onClick={() => void copyText(value ?? '', t)}
        />
      </Tooltip>
    </Space.Compact>
  );
}
