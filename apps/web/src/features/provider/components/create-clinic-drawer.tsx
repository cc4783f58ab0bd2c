import { CopyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  CLINIC_COUNTRY_DEFAULTS,
  COUNTRIES,
  CURRENCIES,
  type Country,
  type CreateClinicInput,
  type Language,
  SYSTEM_LOOKUPS,
  TIERS,
  createClinicInput,
  providerClinicOwnerInput,
} from '@dental/contract';
import { Button, Col, Divider, Drawer, Flex, Form, Input, Row, Select, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError, zodField } from 'lib/form';
import { notify } from 'lib/toast';
import { useCreateClinic } from '../api';
import { generatePassword } from '@dental/contract';
import { LTR_INPUT } from './ltr-input';

const clinic = createClinicInput.shape;
const owner = providerClinicOwnerInput.shape;

export interface CreatedClinic {
  clinicName: string;
  displayName: string;
  userName: string;
  email: string;
  password: string;
}

const DEFAULTS: Partial<CreateClinicInput> = {
  countryId: 'CN3',
  ...CLINIC_COUNTRY_DEFAULTS.CN3,
  subscriptionType: 'ST0',
};

/** Every IANA time zone the browser knows, with the defaults first in case the list lacks them. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const first = Object.values(CLINIC_COUNTRY_DEFAULTS).map((d) => d.timeZone);
  return [...new Set([...first, ...known, 'UTC'])];
}

/** A drawer with the new clinic's details, its first branch and its owner (Provider/CreateClinic). */
export function CreateClinicDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedClinic) => void;
}) {
  const { t, i18n } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const lang = i18n.language as Language;
  const [form] = Form.useForm<CreateClinicInput>();
  const create = useCreateClinic();
  const [showPassword, setShowPassword] = useState(false);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: <bdi dir="ltr">{z}</bdi> })), []);

  const nameOf = (group: 'Country' | 'Currency', code: string) =>
    (SYSTEM_LOOKUPS[group] as Record<string, Record<Language, string>>)[code]?.[lang] ?? code;

  const fillPassword = () => {
    form.setFieldValue(['owner', 'password'], generatePassword());
    setShowPassword(true);
    void form.validateFields([['owner', 'password']]);
  };
  const copyPassword = async () => {
    const value = form.getFieldValue(['owner', 'password']) as string | undefined;
    if (!value) return;
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    notify.success(t('create.copied'));
  };

  const submit = async () => {
    let values: CreateClinicInput;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    try {
      await create.mutateAsync(values);
      onCreated({
        clinicName: values.clinicName.trim(),
        displayName: values.displayName.trim(),
        userName: values.owner.userName.trim(),
        email: values.owner.email.trim().toLowerCase(),
        password: values.owner.password,
      });
      onClose();
    } catch (error) {
      handleFormError(form, error);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('create.title')}
      size="large"
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) return;
        form.resetFields();
        setShowPassword(false);
      }}
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={submit}>
            {t('create.submit')}
          </Button>
        </Flex>
      }
    >
      <Form<CreateClinicInput>
        form={form}
        name="create-clinic"
        layout="vertical"
        initialValues={DEFAULTS}
        onFinish={submit}
        disabled={create.isPending}
        onValuesChange={(changed: Partial<CreateClinicInput>) => {
          // a new country proposes its usual currency and time zone
          if (changed.countryId) form.setFieldsValue(CLINIC_COUNTRY_DEFAULTS[changed.countryId as Country]);
        }}
      >
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>
          {t('create.clinicSection')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="clinicName"
              label={t('create.clinicName')}
              extra={t('create.clinicNameHelp')}
              {...zodField(clinic.clinicName)}
            >
              <Input dir="ltr" styles={LTR_INPUT} maxLength={50} autoCapitalize="none" spellCheck={false} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="displayName" label={t('create.displayName')} {...zodField(clinic.displayName)}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="countryId" label={t('create.country')} {...zodField(clinic.countryId)}>
              <Select options={COUNTRIES.map((c) => ({ value: c, label: nameOf('Country', c) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="currency" label={t('create.currency')} {...zodField(clinic.currency)}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: `${nameOf('Currency', c)} (${c})` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="timeZone" label={t('create.timeZone')} {...zodField(clinic.timeZone)}>
              <Select showSearch={{ optionFilterProp: 'value' }} options={zones} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subscriptionType" label={t('create.tier')} {...zodField(clinic.subscriptionType)}>
              <Select options={TIERS.map((tier) => ({ value: tier, label: `${tc(`tier.${tier}`)} (${tier})` }))} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('create.branchSection')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="branchName" label={t('create.branchName')} {...zodField(clinic.branchName)}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="branchMobile" label={t('create.branchMobile')} {...zodField(clinic.branchMobile)}>
              <Input dir="ltr" styles={LTR_INPUT} type="tel" maxLength={20} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('create.ownerSection')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name={['owner', 'fullName']} label={t('create.fullName')} {...zodField(owner.fullName)}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['owner', 'userName']} label={t('create.userName')} {...zodField(owner.userName)}>
              <Input dir="ltr" styles={LTR_INPUT} maxLength={50} autoCapitalize="none" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['owner', 'email']} label={t('create.email')} {...zodField(owner.email)}>
              <Input
                dir="ltr"
                styles={LTR_INPUT}
                type="email"
                maxLength={200}
                autoCapitalize="none"
                spellCheck={false}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['owner', 'mobile']} label={t('create.mobile')} {...zodField(owner.mobile)}>
              <Input dir="ltr" styles={LTR_INPUT} type="tel" maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('create.password')} required extra={t('create.passwordHelp')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name={['owner', 'password']} noStyle {...zodField(owner.password)}>
                  <Input.Password
                    dir="ltr"
                    styles={LTR_INPUT}
                    autoComplete="new-password"
                    aria-label={t('create.password')}
                    visibilityToggle={{ visible: showPassword, onVisibleChange: setShowPassword }}
                  />
                </Form.Item>
                <Tooltip title={t('create.copy')}>
                  <Button icon={<CopyOutlined />} aria-label={t('create.copy')} onClick={() => void copyPassword()} />
                </Tooltip>
                <Button icon={<ThunderboltOutlined />} onClick={fillPassword}>
                  {t('create.generate')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Drawer>
  );
}
