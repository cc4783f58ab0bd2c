import {
  SUPPORT_KINDS,
  type SaveSupportRequestInput,
  type SupportKind,
  saveSupportRequestInput,
} from '@dental/contract';
import { Alert, Button, Card, Flex, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { handleFormError, zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useSaveSupportRequest, useSupportRequest } from '../api';
import { RequestNotFound } from '../components/request-not-found';

const fields = saveSupportRequestInput.shape;
const isKind = (v: string | null): v is SupportKind => (SUPPORT_KINDS as readonly (string | null)[]).includes(v);

/** /SaveSupportRequest/:ID?: a new feature or support request, or an edit of one's own while it is new. */
export default function SaveRequestPage() {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { ID } = useParams();
  const [query] = useSearchParams();
  const id = ID && /^\d+$/.test(ID) ? Number(ID) : undefined;
  const existing = useSupportRequest(id);
  const save = useSaveSupportRequest();
  const [form] = Form.useForm<SaveSupportRequestInput>();
  const [saving, setSaving] = useState(false);
  const kindParam = query.get('kind');

  useEffect(() => {
    if (existing.data)
      form.setFieldsValue({ kind: existing.data.kind, title: existing.data.title, body: existing.data.body });
  }, [existing.data, form]);

  if (ID && !id) return <RequestNotFound />;
  if (id && existing.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (id && (existing.isError || !existing.data)) return <RequestNotFound />;
  const locked = !!existing.data && !existing.data.canEdit;

  const submit = async (values: SaveSupportRequestInput) => {
    setSaving(true);
    try {
      const saved = await save.mutateAsync({ ...values, id });
      notify.success(tc('crud.saved'));
      navigate(`/RequestDetails/${saved.id}`, { replace: !!id });
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card style={{ maxWidth: 820 }}>
      <Typography.Title level={3} style={{ marginBlockStart: 0 }}>
        {id ? t('form.editTitle') : t('form.newTitle')}
      </Typography.Title>
      {locked && (
        <Alert
          type="info"
          showIcon
          title={t('form.locked')}
          action={
            <Button size="small" onClick={() => navigate(`/RequestDetails/${id}`)}>
              {t('form.openRequest')}
            </Button>
          }
          style={{ marginBlockEnd: 16 }}
        />
      )}
      <Form<SaveSupportRequestInput>
        form={form}
        layout="vertical"
        initialValues={{ kind: isKind(kindParam) ? kindParam : 'feature' }}
        onFinish={submit}
        disabled={saving || locked}
      >
        <Form.Item name="kind" label={t('form.kind')} {...zodField(fields.kind)}>
          <Radio.Group>
            <Flex vertical gap="small">
              {SUPPORT_KINDS.map((k) => (
                <Radio key={k} value={k}>
                  <strong>{t(`kind.${k}`)}</strong>
                  <Typography.Text type="secondary"> — {t(`form.kindHint.${k}`)}</Typography.Text>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="title" label={t('form.title')} {...zodField(fields.title)}>
          <Input maxLength={200} showCount autoFocus placeholder={t('form.titlePlaceholder')} />
        </Form.Item>
        <Form.Item name="body" label={t('form.body')} {...zodField(fields.body)}>
          <Input.TextArea rows={8} maxLength={5000} showCount placeholder={t('form.bodyPlaceholder')} />
        </Form.Item>
        <Flex gap="small" justify="end">
          <Button onClick={() => navigate(-1)} disabled={false}>
            {tc('actions.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {id ? tc('actions.save') : t('form.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
