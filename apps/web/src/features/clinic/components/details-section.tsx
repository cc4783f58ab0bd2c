import { CheckCircleFilled } from '@ant-design/icons';
import {
  type ClinicDetail,
  CLINIC_LOGIN_NAME_PATTERN,
  SYSTEM_LOOKUPS,
  TOOTH_NUMBERING,
  saveClinicInput,
} from '@dental/contract';
import { Col, Descriptions, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LTR_INPUT } from './ltr';
import { zodField, zodRule } from '../../../lib/form';
import { formatTimeZone } from '../../../lib/format';
import { currentLanguage, fieldErrorText } from '../../../lib/i18n';
import { phoneExample } from '../../../lib/phone-text';
import { checkClinicName } from '../api';
import { type LogoChoice, LogoPicker } from './logo-picker';
import { Section } from './section';

const fields = saveClinicInput.shape;
const half = { xs: 24, md: 12 } as const;

/** Names, contact, tax details, tooth numbering and logo; the provider's settings shown read-only. */
export function DetailsSection({
  clinic,
  logo,
  onLogoChange,
  readOnly,
}: {
  clinic: ClinicDetail;
  logo: LogoChoice;
  onLogoChange: (choice: LogoChoice) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('clinic');
  const { t: tc } = useTranslation();
  const [available, setAvailable] = useState(false);
  const typedName: string | undefined = Form.useWatch('clinicName');
  /** "available" is news only for a name other than the clinic's own (e.g. not right after saving it). */
  const showAvailable = available && typedName?.trim().toLowerCase() !== clinic.clinicName.toLowerCase();
  const lang = currentLanguage();
  const example = phoneExample(clinic.countryId);

  /** Spec §5 live availability check (debounced by the Form.Item); the clinic's own name counts as free. */
  const nameIsFree: RuleObject = {
    validator: async (_rule, value?: string) => {
      setAvailable(false);
      const name = value?.trim() ?? '';
      if (!CLINIC_LOGIN_NAME_PATTERN.test(name) || name.toLowerCase() === clinic.clinicName.toLowerCase()) return;
      let free: boolean;
      try {
        free = (await checkClinicName(name)).available;
      } catch {
        return; // no answer: the server checks again on save
      }
      if (!free) throw new Error(fieldErrorText('clinic_name_exists'));
      setAvailable(true);
    },
  };

  return (
    <>
      <Section title={t('details.identity')}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="clinicName"
              label={t('details.clinicName')}
              required
              rules={[zodRule(fields.clinicName), nameIsFree]}
              validateDebounce={300}
              extra={
                showAvailable ? (
                  <Typography.Text type="success">
                    <CheckCircleFilled /> {t('details.nameAvailable')}
                  </Typography.Text>
                ) : (
                  t('details.clinicNameHelp')
                )
              }
            >
              <Input dir="ltr" styles={LTR_INPUT} maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="displayName" label={t('details.displayName')} {...zodField(fields.displayName)}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="toothNumberingSystem"
              label={t('details.toothNumberingSystem')}
              {...zodField(fields.toothNumberingSystem)}
            >
              <Select options={TOOTH_NUMBERING.map((v) => ({ value: v, label: t(`details.${v}`) }))} />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('details.contact')}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="address" label={t('details.address')} {...zodField(fields.address)}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="city" label={t('details.city')} {...zodField(fields.city)}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="mobile" label={t('details.mobile')} {...zodField(fields.mobile)}>
              <Input dir="ltr" styles={LTR_INPUT} type="tel" maxLength={20} placeholder={example} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="msgNumber"
              label={t('details.msgNumber')}
              extra={t('details.msgNumberHelp')}
              {...zodField(fields.msgNumber)}
            >
              <Input dir="ltr" styles={LTR_INPUT} type="tel" maxLength={20} placeholder={example} />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('details.tax')}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="vatPercentage" label={t('details.vatPercentage')} {...zodField(fields.vatPercentage)}>
              <InputNumber<string>
                stringMode
                min="0"
                max="100"
                step="1"
                precision={2}
                suffix="%"
                style={{ width: '100%' }}
                dir="ltr"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="commercialRegistrationNo"
              label={t('details.commercialRegistrationNo')}
              {...zodField(fields.commercialRegistrationNo)}
            >
              <Input dir="ltr" styles={LTR_INPUT} maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="taxNo" label={t('details.taxNo')} {...zodField(fields.taxNo)}>
              <Input dir="ltr" styles={LTR_INPUT} maxLength={50} />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('details.logo')}>
        <LogoPicker currentUrl={clinic.logoUrl} value={logo} onChange={onLogoChange} readOnly={readOnly} />
      </Section>

      <Section title={t('details.account')} intro={t('details.accountHelp')}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('details.country')}>
            {SYSTEM_LOOKUPS.Country[clinic.countryId][lang]}
          </Descriptions.Item>
          <Descriptions.Item label={t('details.currency')}>
            {(SYSTEM_LOOKUPS.Currency as Record<string, Record<string, string>>)[clinic.currency]?.[lang] ??
              clinic.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('details.timeZone')}>
            <span title={clinic.timeZone}>{formatTimeZone(clinic.timeZone, lang)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('details.subscription')}>
            {tc(`tier.${clinic.subscriptionType}`)}
          </Descriptions.Item>
        </Descriptions>
      </Section>
    </>
  );
}
