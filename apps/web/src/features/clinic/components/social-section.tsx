import { CLINIC_SOCIAL_LINKS, saveClinicInput } from '@dental/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { LTR_INPUT } from './ltr';
import { zodField } from '../../../lib/form';
import { Section } from './section';

const fields = saveClinicInput.shape;

/** The website (without its protocol, spec §5) and the social links. */
export function SocialSection() {
  const { t } = useTranslation('clinic');
  return (
    <Section intro={t('social.intro')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="website"
            label={t('social.website')}
            extra={t('social.websiteHelp')}
            {...zodField(fields.website)}
          >
            <Input dir="ltr" styles={LTR_INPUT} maxLength={200} placeholder="smile-clinic.com" />
          </Form.Item>
        </Col>
        {CLINIC_SOCIAL_LINKS.map((link) => (
          <Col key={link} xs={24} md={12}>
            <Form.Item name={link} label={t(`social.${link}`)} {...zodField(fields[link])}>
              <Input dir="ltr" styles={LTR_INPUT} maxLength={200} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Section>
  );
}
