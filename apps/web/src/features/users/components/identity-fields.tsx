import {
  type Country,
  email,
  mobile,
  optionalText,
  requiredEnum,
  requiredText,
  COUNTRIES,
  userName,
  usersCalls,
} from '@dental/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodField } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { DEFAULT_DIAL } from '../../../lib/phone';
import { AvailabilityHint } from './availability-hint';
import { useCountryOptions } from './options';
import { PhoneInput } from '../../../components/phone-input';
import { useAvailability } from './use-availability';

const FIELDS = {
  fullName: requiredText(100),
  displayName: optionalText(100),
  userName,
  email,
  mobile,
  countryId: requiredEnum(COUNTRIES),
};
const passes = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) =>
  !!v && schema.safeParse(v).success;

/**
 * Names, user name, e-mail, mobile and country of a user, validated with the contract's rules, with live
 * availability checks of the user name, mobile and e-mail (spec §5). `user` is the user being edited, if any.
 */
export function IdentityFields({
  user,
}: {
  user?: { id: number; userName: string; email: string; mobile: string | null };
}) {
  const { t } = useTranslation('users');
  const form = Form.useFormInstance();
  const session = useSession();
  const countries = useCountryOptions();
  const watched = {
    userName: Form.useWatch('userName', form) as string | undefined,
    email: Form.useWatch('email', form) as string | undefined,
    mobile: Form.useWatch('mobile', form) as string | undefined,
  };
  const excludeUserId = user?.id;
  const nameState = useAvailability(usersCalls.checkUserName, watched.userName, {
    valid: passes(FIELDS.userName, watched.userName),
    excludeUserId,
    initial: user?.userName,
  });
  const emailState = useAvailability(usersCalls.checkEmail, watched.email, {
    valid: passes(FIELDS.email, watched.email),
    excludeUserId,
    initial: user?.email,
  });
  const mobileState = useAvailability(usersCalls.checkMobile, watched.mobile, {
    valid: passes(FIELDS.mobile, watched.mobile),
    excludeUserId,
    initial: user?.mobile,
  });
  const clinicCountry = (session?.user.clinicCountryId ?? 'CN3') as Country;

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="fullName" label={t('fields.fullName')} {...zodField(FIELDS.fullName)}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="displayName"
          label={t('fields.displayName')}
          tooltip={t('fields.displayNameHint')}
          {...zodField(FIELDS.displayName)}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="userName"
          label={t('fields.userName')}
          {...zodField(FIELDS.userName)}
          extra={nameState === 'idle' ? undefined : <AvailabilityHint state={nameState} />}
        >
          <Input maxLength={50} dir="ltr" autoComplete="off" spellCheck={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="email"
          label={t('fields.email')}
          {...zodField(FIELDS.email)}
          extra={emailState === 'idle' ? undefined : <AvailabilityHint state={emailState} />}
        >
          <Input maxLength={200} dir="ltr" type="email" autoComplete="off" spellCheck={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="mobile"
          label={t('fields.mobile')}
          {...zodField(FIELDS.mobile)}
          extra={mobileState === 'idle' ? undefined : <AvailabilityHint state={mobileState} />}
        >
          <PhoneInput defaultDial={DEFAULT_DIAL[clinicCountry]} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="countryId" label={t('fields.country')} {...zodField(FIELDS.countryId)}>
          <Select options={countries} />
        </Form.Item>
      </Col>
    </Row>
  );
}
