import { type Country, type InsuranceCompanyItem, saveInsuranceCompanyInput } from '@dental/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { PhoneInput } from '../../../components/phone-input';
import { handleFormError, zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { DEFAULT_DIAL } from '../../../lib/phone';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useInsuranceCompany, useSaveInsuranceCompany } from '../api';
import { CompanyNotFound } from '../components/company-not-found';
import { DefaultTag } from '../components/company-tags';
import { trimDecimalText } from '../components/decimal-format';

type Values = z.input<typeof saveInsuranceCompanyInput>;
const fields = saveInsuranceCompanyInput.shape;
const NEW_COMPANY: Partial<Values> = { coveragePercentage: '100', requiresApproval: false, isActive: true };

const toValues = (c: InsuranceCompanyItem): Values => ({
  name: c.name,
  contactPerson: c.contactPerson ?? '',
  mobile: c.mobile ?? '',
  email: c.email ?? '',
  address: c.address ?? '',
  coveragePercentage: trimDecimalText(c.coveragePercentage) ?? '',
  requiresApproval: c.requiresApproval,
  notes: c.notes ?? '',
  isActive: c.isActive,
});

/** /AddInsuranceCompany/:ID?: a new insurance company, or (with an id) an edit of one of the clinic's companies. */
export default function InsuranceCompanyPage() {
  const { t } = useTranslation('insurance');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { ID } = useParams();
  const id = ID && /^\d+$/.test(ID) ? Number(ID) : undefined;
  const existing = useInsuranceCompany(id);
  const save = useSaveInsuranceCompany();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const session = useSession();
  const canEdit = useCan('insurance_edit');
  const dial = DEFAULT_DIAL[(session?.user.clinicCountryId ?? 'CN3') as Country];

  useEffect(() => {
    if (existing.data) form.setFieldsValue(toValues(existing.data));
  }, [existing.data, form]);

  if (ID && !id) return <CompanyNotFound />;
  if (id && existing.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (id && (existing.isError || !existing.data)) return <CompanyNotFound />;
  const company = existing.data;
  const readOnly = !!id && !canEdit;

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await save.mutateAsync({ ...values, id });
      notify.success(id ? t('form.saved') : t('form.created'));
      navigate('/InsuranceCompaniesList');
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card style={{ maxWidth: 960 }}>
      <Flex gap="small" align="center" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {id ? t('form.editTitle') : t('form.newTitle')}
        </Typography.Title>
        {company?.isDefault && <DefaultTag />}
      </Flex>
      {company?.isDefault && (
        <Alert type="info" showIcon title={t('form.defaultInfo')} style={{ marginBlockEnd: 16 }} />
      )}
      {readOnly && <Alert type="warning" showIcon title={t('form.readOnly')} style={{ marginBlockEnd: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={NEW_COMPANY}
        onFinish={submit}
        disabled={saving || readOnly}
      >
        <Divider titlePlacement="start">{t('form.company')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('fields.name')} {...zodField(fields.name)}>
              <Input maxLength={150} autoFocus={!id} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="address" label={t('fields.address')} {...zodField(fields.address)}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('form.contact')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="contactPerson" label={t('fields.contactPerson')} {...zodField(fields.contactPerson)}>
              <Input maxLength={150} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="mobile" label={t('fields.mobile')} {...zodField(fields.mobile)}>
              <PhoneInput defaultDial={dial} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="email" label={t('fields.email')} {...zodField(fields.email)}>
              <Input maxLength={200} dir="ltr" type="email" spellCheck={false} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('form.terms')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="coveragePercentage"
              label={t('fields.coveragePercentage')}
              extra={t('form.coverageHint')}
              {...zodField(fields.coveragePercentage)}
            >
              <InputNumber<string> stringMode step="5" suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="requiresApproval"
              label={t('fields.requiresApproval')}
              extra={t('form.approvalHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="isActive"
              label={t('fields.isActive')}
              extra={company?.isDefault ? undefined : t('form.activeHint')}
              valuePropName="checked"
            >
              <Switch disabled={company?.isDefault} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="notes" label={t('fields.notes')} {...zodField(fields.notes)}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Flex gap="small" justify="end">
          <Button onClick={() => navigate('/InsuranceCompaniesList')} disabled={false}>
            {tc('actions.cancel')}
          </Button>
          {!readOnly && (
            <Button type="primary" htmlType="submit" loading={saving}>
              {tc('actions.save')}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
