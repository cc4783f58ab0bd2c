import { CLINIC_FLAGS } from '@dental/contract';
import { Col, Form, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Section } from './section';

/** The behaviour flags of spec §3, each a switch with what it does. */
export function FlagsSection() {
  const { t } = useTranslation('clinic');
  return (
    <Section intro={t('flags.intro')}>
      <Row gutter={[24, 0]}>
        {CLINIC_FLAGS.map((flag) => (
          <Col key={flag} xs={24} md={12}>
            <Form.Item
              name={flag}
              label={t(`flags.${flag}.label`)}
              extra={t(`flags.${flag}.help`)}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Section>
  );
}
