import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { authCalls, loginInput } from '@dental/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { queryClient } from 'app/query-client';
import { landingPath } from 'app/route-table';
import { FormError, SubmitButton } from 'components/plain-form/submit-button';
import { TextField } from 'components/plain-form/text-field';
import { usePlainForm } from 'components/plain-form/use-plain-form';
import { callApi } from 'lib/api';
import { zodMessage } from 'lib/form';
import { setSession } from 'lib/session';
import { STORAGE_KEYS, readStored, writeStored } from 'lib/storage';
import { AuthHeading } from '../components/auth-heading';
import { ClinicNameField } from '../components/clinic-name-field';

const shape = loginInput.shape;

/** Clinic login (spec §7): clinic name, e-mail / user name / mobile and password. Plain elements (issue 18). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = usePlainForm(
    { clinicName: readStored<string>(STORAGE_KEYS.lastClinic) ?? '', Email: '', Password: '' },
    {
      clinicName: (v) => zodMessage(shape.clinicName, v),
      Email: (v) => zodMessage(shape.Email, v),
      Password: (v) => zodMessage(shape.Password, v),
    },
  );

  const login = async (values: typeof form.values) => {
    const result = await callApi(authCalls.login, values, { silent: true });
    writeStored(STORAGE_KEYS.lastClinic, values.clinicName.trim());
    queryClient.clear();
    setSession({
      token: result.token,
      expiredTokenDate: result.expiredTokenDate,
      user: result.objectData,
      branchId: result.objectData.branchId,
    });
    navigate(landingPath(result.objectData, params.get('redirect')), { replace: true });
  };

  return (
    <>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <form className="pf-form" noValidate onSubmit={form.onSubmit(login)}>
        <ClinicNameField field={form.field('clinicName')} disabled={form.busy} />
        <TextField
          field={form.field('Email')}
          label={t('fields.login')}
          icon={<UserOutlined />}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          disabled={form.busy}
          // e-mail, user name (Latin) or mobile: left to right, so a mobile typed with spaces keeps its groups in order
          dir="ltr"
        />
        <TextField
          field={form.field('Password')}
          label={t('fields.password')}
          icon={<LockOutlined />}
          type="password"
          toggleLabels={{ show: t('fields.showPassword'), hide: t('fields.hidePassword') }}
          autoComplete="current-password"
          required
          disabled={form.busy}
        />
        <div className="pf-row-end">
          <Link to="/user/forgetpassword/forgetpassword">{t('login.forgot')}</Link>
        </div>
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('login.submit')}</SubmitButton>
      </form>
      <div className="pf-row-center">
        <Link to="/user/ResetPasswordByAdmin">{t('login.haveCode')}</Link>
      </div>
    </>
  );
}
