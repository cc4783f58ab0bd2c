import { CopyOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, generatePassword, id, password, registerInput } from '@dental/contract';
import { Button, Card, Col, Descriptions, Form, Modal, Result, Row, Select, Switch, Typography } from 'antd';
import type { z } from 'zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGE_NAMES } from '../../../app/shell/language-menu';
import { handleFormError, zodField, zodRule } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useMyBranches, useRegisterUser, useRoles } from '../api';
import { IdentityFields } from '../components/identity-fields';
import { roleOptions } from '../components/options';
import { PasswordField, copyText } from '../components/password-field';

type Values = z.input<typeof registerInput>;
const fields = registerInput.shape;
const branchIdsRule = zodRule(fields.branchIds);

/** /register: add a user (spec §2, BranchManager rule, key user_add). */
export default function RegisterPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<Values>();
  const register = useRegisterUser();
  const roles = useRoles();
  const branches = useMyBranches();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<{ id: number; name: string; userName: string; password: string } | null>(null);
  const chosen = (Form.useWatch('branchIds', form) as number[] | undefined) ?? [];
  const branchOptions = (branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }));
  const user = session?.user;

  const initial = (): Partial<Values> => ({
    password: generatePassword(),
    countryId: user?.clinicCountryId ?? 'CN3',
    language: (user?.language ?? 'ar') as Language,
    branchIds: user?.branchId ? [user.branchId] : [],
    branchId: user?.branchId ?? undefined,
  });

  const [initialValues] = useState(initial);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const created = await register.mutateAsync(values);
      setDone({
        id: created.id,
        name: values.fullName,
        userName: String(values.userName).trim(),
        password: values.password as string,
      });
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  const again = () => {
    setDone(null);
    form.resetFields();
    form.setFieldsValue(initial());
  };

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('register.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('register.subtitle')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        disabled={saving}
        scrollToFirstError
        className="user-form"
      >
        <Typography.Title level={5}>{t('register.account')}</Typography.Title>
        <IdentityFields />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="password" label={t('fields.password')} {...zodField(password)}>
              <PasswordField />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="language" label={t('fields.language')} {...zodField(fields.language)}>
              <Select
                options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{LANGUAGE_NAMES[l]}</span> }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('register.access')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="roleId" label={t('fields.role')} {...zodField(id)}>
              <Select
                options={roleOptions(roles.data?.items, user?.userRole === 'RL1')}
                loading={roles.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(roleId: number) => {
                  const role = roles.data?.items.find((r) => r.id === roleId);
                  form.setFieldValue('isDoctor', role?.baseRole === 'RL3');
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="branchIds" label={t('fields.branches')} required rules={[branchIdsRule]}>
              <Select
                mode="multiple"
                options={branchOptions}
                loading={branches.isLoading}
                optionFilterProp="label"
                onChange={(ids: number[]) => {
                  const home = form.getFieldValue('branchId') as number | undefined;
                  if (home && !ids.includes(home)) form.setFieldValue('branchId', ids[0]);
                  if (!home && ids.length) form.setFieldValue('branchId', ids[0]);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="branchId"
              label={t('fields.homeBranch')}
              dependencies={['branchIds']}
              required
              rules={[
                zodRule(id),
                ({ getFieldValue }) => ({
                  validator: async (_r, v) => {
                    const ids = (getFieldValue('branchIds') as number[] | undefined) ?? [];
                    if (v && !ids.includes(v)) throw new Error(fieldErrorText('home_branch_required'));
                  },
                }),
              ]}
            >
              <Select
                options={branchOptions.filter((b) => chosen.includes(b.value))}
                placeholder={chosen.length ? undefined : t('register.homeBranchFirst')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="isDoctor" label={t('fields.isDoctor')} valuePropName="checked" extra={t('fields.isDoctorHelp')}>
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('register.submit')}
        </Button>
      </Form>

      <Modal open={!!done} footer={null} closable onCancel={again} width={560} destroyOnHidden>
        {done && (
          <Result
            status="success"
            title={t('register.doneTitle')}
            subTitle={t('register.doneText', { name: done.name, clinic: user?.clinicName })}
            extra={[
              <Button key="another" onClick={again}>
                {t('register.addAnother')}
              </Button>,
              <Button key="user" onClick={() => navigate(`/UserDetails/${done.id}`)}>
                {t('register.openUser')}
              </Button>,
              <Button key="list" type="primary" onClick={() => navigate('/UsersList')}>
                {t('register.openList')}
              </Button>,
            ]}
          >
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('register.clinic')}>
                <bdi dir="ltr">{user?.clinicName}</bdi>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.userName')}>
                <bdi dir="ltr">{done.userName}</bdi>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.password')}>
                <bdi dir="ltr" className="generated-password">
                  {done.password}
                </bdi>{' '}
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  aria-label={t('password.copy')}
                  onClick={() => void copyText(done.password, t)}
                />
              </Descriptions.Item>
            </Descriptions>
          </Result>
        )}
      </Modal>
    </Card>
  );
}
