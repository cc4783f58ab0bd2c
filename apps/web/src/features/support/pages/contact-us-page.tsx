import { MailOutlined, SendOutlined } from '@ant-design/icons';
import { type SaveContactInput, saveContactInput } from '@dental/contract';
import { Button, Card, Col, Flex, Form, Input, Result, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError, zodField } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useSaveContact } from '../api';

const fields = saveContactInput.shape;

/** /ContactUs: a message to the provider, prefilled with the user's name, e-mail and mobile. */
export default function ContactUsPage() {
  const { t, i18n } = useTranslation('support');
  // antd's RTL input styles override the dir attribute: keep e-mail and phone left-to-right, aligned with the form
  const ltrInput = { direction: 'ltr', textAlign: i18n.dir() === 'rtl' ? 'right' : 'left' } as const;
  const user = useSession()?.user;
  const send = useSaveContact();
  const [form] = Form.useForm<SaveContactInput>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const initial = useMemo(
    () => ({ name: user?.fullName || user?.displayName, email: user?.emailAddress, mobile: user?.mobile ?? undefined }),
    [user?.fullName, user?.displayName, user?.emailAddress, user?.mobile],
  );

  const submit = async (values: SaveContactInput) => {
    setSending(true);
    try {
      await send.mutateAsync(values);
      notify.success(t('contact.sent'));
      setSent(true);
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Card style={{ maxWidth: 820 }}>
        <Result
          status="success"
          title={t('contact.sent')}
          subTitle={t('contact.sentHint')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                form.resetFields();
                setSent(false);
              }}
            >
              {t('contact.another')}
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card style={{ maxWidth: 820 }}>
      <Flex align="center" gap="small">
        <MailOutlined style={{ fontSize: 22, color: '#079ee4' }} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('contact.title')}
        </Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBlock: 8 }}>
        {t('contact.intro')}
      </Typography.Paragraph>
      <Form<SaveContactInput>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        disabled={sending}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('contact.name')} {...zodField(fields.name)}>
              <Input maxLength={100} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('contact.email')} {...zodField(fields.email)}>
              <Input type="email" dir="ltr" style={ltrInput} maxLength={200} autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="mobile" label={t('contact.mobile')} {...zodField(fields.mobile)}>
              <Input
                type="tel"
                dir="ltr"
                style={ltrInput}
                maxLength={20}
                autoComplete="tel"
                placeholder="+20 100 000 0000"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subject" label={t('contact.subject')} {...zodField(fields.subject)}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="message" label={t('contact.message')} {...zodField(fields.message)}>
          <Input.TextArea rows={6} maxLength={5000} showCount />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
            {t('contact.send')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
