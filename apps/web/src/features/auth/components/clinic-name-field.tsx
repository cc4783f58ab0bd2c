import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TextField } from 'components/plain-form/text-field';
import type { PlainField } from 'components/plain-form/use-plain-form';

/** The clinic name, first field of the login and password forms (filled with the last clinic logged in to). */
export function ClinicNameField({ field, disabled }: { field: PlainField; disabled: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      field={field}
      label={t('fields.clinicName')}
      icon={<HomeOutlined />}
      autoComplete="organization"
      autoCapitalize="none"
      spellCheck={false}
      required
      disabled={disabled}
    />
  );
}
