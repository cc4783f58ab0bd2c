import { MailOutlined } from '@ant-design/icons';
import { authCalls, forgetPasswordInput } from '@dental/contract';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError, SubmitButton } from 'components/plain-form/submit-button';
import { TextField } from 'components/plain-form/text-field';
import { usePlainForm } from 'components/plain-form/use-plain-form';
import { callApi } from 'lib/api';
import { zodMessage } from 'lib/form';
import { LOGIN_PATH } from 'lib/navigation';
import { STORAGE_KEYS, readStored } from 'lib/storage';
import { AuthHeading } from '../components/auth-heading';
import { ClinicNameField } from '../components/clinic-name-field';

const SentResult = lazy(() => import('../components/sent-result'));
const shape = forgetPasswordInput.shape;

/** Sends a reset link to the user's e-mail (spec §7 ForgetPassword). Plain elements (issue 18). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = usePlainForm(
    { clinicName: readStored<string>(STORAGE_KEYS.lastClinic) ?? '', email: '' },
    { clinicName: (v) => zodMessage(shape.clinicName, v), email: (v) => zodMessage(shape.email, v) },
  );

  const send = async (values: typeof form.values) => {
    await callApi(authCalls.forgetPassword, values, { silent: true });
    setSentTo(values.email);
  };

  if (sentTo) {
    return (
      <Suspense fallback={null}>
        <SentResult email={sentTo} />
      </Suspense>
    );
  }

  return (
    <>
      <AuthHeading title={t('forget.title')} subtitle={t('forget.subtitle')} />
      <form className="pf-form" noValidate onSubmit={form.onSubmit(send)}>
        <ClinicNameField field={form.field('clinicName')} disabled={form.busy} />
        <TextField
          field={form.field('email')}
          label={t('fields.email')}
          icon={<MailOutlined />}
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          disabled={form.busy}
        />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('forget.submit')}</SubmitButton>
      </form>
      <div className="pf-back">
        <Link to={LOGIN_PATH}>{t('backToLogin')}</Link>
      </div>
    </>
  );
}
