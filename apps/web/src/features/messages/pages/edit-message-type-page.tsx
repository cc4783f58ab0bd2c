import { UndoOutlined } from '@ant-design/icons';
import {
  DEFAULT_MESSAGE_TEXTS,
  LANGUAGES,
  type Language,
  MESSAGE_CHANNELS,
  MESSAGE_TEXT_MAX,
  MESSAGE_TYPES,
  MESSAGE_TYPE_INFO,
  MESSAGE_TYPE_PLACEHOLDERS,
  type MessageChannel,
  type MessageType,
  type MessageTypeItem,
  fillPlaceholders,
  isRtl,
  smsLength,
  unknownPlaceholders,
} from '@dental/contract';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Popconfirm,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { handleFormError } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useMessageType, useSaveMessageType } from '../api';
import { formatHour, sampleValues } from '../sample';
import '../messages.css';

type Texts = MessageTypeItem['texts'];
interface Values {
  texts: Texts;
  defaultLang: Language;
  autoSend: boolean;
  sendHour: number;
  hourBefore: boolean;
}
type FieldName = ['texts', MessageChannel, Language];

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const isMessageType = (v: string | undefined): v is MessageType => (MESSAGE_TYPES as readonly string[]).includes(v ?? '');

/** The text a language sends: its own, or the default language's when it has none (as the server does). */
const textOf = (texts: Partial<Texts> | undefined, channel: MessageChannel, lang: Language, fallback: Language) => {
  const own = texts?.[channel]?.[lang] ?? '';
  return own.trim() ? { text: own, fallback: false } : { text: texts?.[channel]?.[fallback] ?? '', fallback: lang !== fallback };
};

/**
 * /AddEditMessageType/:ID (ID is the type, MT1-MT5): the SMS and WhatsApp texts per language, placeholder chips that
 * insert at the cursor, unknown placeholders flagged before saving, a live preview with a sample patient in the
 * chosen language and the SMS length and parts (the contract's smsLength, as the server counts), and the type's
 * sending settings (auto-send, send hour, hour-before reminder).
 */
export default function EditMessageTypePage() {
  const { ID } = useParams();
  const type = isMessageType(ID) ? ID : undefined;
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const existing = useMessageType(type);
  const save = useSaveMessageType();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<Language>('ar');
  const [previewLang, setPreviewLang] = useState<Language | null>(null);
  const [saving, setSaving] = useState(false);
  const lastField = useRef<{ name: FieldName; el: HTMLTextAreaElement } | null>(null);

  useEffect(() => {
    if (!existing.data) return;
    const { texts, defaultLang, autoSend, sendHour, hourBefore } = existing.data;
    form.setFieldsValue({ texts, defaultLang, autoSend, sendHour, hourBefore });
    setTab(defaultLang);
  }, [form, existing.data]);

  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const defaultLang = watched?.defaultLang ?? existing.data?.defaultLang ?? 'ar';
  const shownLang = previewLang ?? tab;
  const samples = useMemo(() => sampleValues(shownLang, user), [shownLang, user]);

  if (!type || existing.isError)
    return (
      <Result
        status="404"
        title={t('editor.notFound')}
        extra={<Button onClick={() => navigate('/Messages')}>{t('editor.backToList')}</Button>}
      />
    );
  if (!existing.data) return <Skeleton active />;

  const info = MESSAGE_TYPE_INFO[type];
  const placeholders = MESSAGE_TYPE_PLACEHOLDERS[type];

  const textRules = (lang: Language): Rule[] => [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string | undefined) => {
        const text = value ?? '';
        if (!text.trim() && lang === getFieldValue('defaultLang')) throw new Error(fieldErrorText('message_default_text_required'));
        if (text.length > MESSAGE_TEXT_MAX) throw new Error(fieldErrorText('field_too_long'));
        const unknown = unknownPlaceholders(type, text);
        if (unknown.length > 0)
          throw new Error(t('editor.unknownPlaceholders', { names: unknown.map((u) => `{${u}}`).join(', ') }));
      },
    }),
  ];

  const insert = (placeholder: string) => {
    const token = `{${placeholder}}`;
    const target = lastField.current;
    const name: FieldName = target?.name ?? ['texts', 'sms', tab];
    const value = (form.getFieldValue(name) as string | undefined) ?? '';
    const el = target?.el;
    const start = el ? el.selectionStart : value.length;
    const end = el ? el.selectionEnd : value.length;
    form.setFieldValue(name, value.slice(0, start) + token + value.slice(end));
    void form.validateFields([name]).catch(() => undefined);
    if (el)
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(start + token.length, start + token.length);
      });
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (error) {
      // show the first language with a problem
      const first = (error as { errorFields?: Array<{ name: (string | number)[] }> }).errorFields?.[0]?.name;
      if (first?.[0] === 'texts' && LANGUAGES.includes(first[2] as Language)) setTab(first[2] as Language);
      return;
    }
    setSaving(true);
    try {
      await save.mutateAsync({ ...values, type });
      notify.success(tc('crud.saved'));
      navigate('/Messages');
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  const resetTexts = () => {
    form.setFieldValue('texts', structuredClone(DEFAULT_MESSAGE_TEXTS[type]));
    void form.validateFields().catch(() => undefined);
  };

  const textArea = (channel: MessageChannel, lang: Language) => {
    const name: FieldName = ['texts', channel, lang];
    const value = (watched?.texts?.[channel]?.[lang] as string | undefined) ?? '';
    const count = smsLength(value);
    return (
      <Form.Item
        key={channel}
        name={name}
        label={t(`channel.${channel}`)}
        rules={textRules(lang)}
        dependencies={['defaultLang']}
        required={lang === defaultLang}
        extra={
          channel === 'sms' && value ? (
            <span data-testid={`sms-count-${lang}`}>{t('editor.smsCount', { length: count.length, segments: count.segments, encoding: count.encoding })}</span>
          ) : !value && lang !== defaultLang ? (
            t('editor.usesDefault', { lang: t(`languages.${defaultLang}`) })
          ) : undefined
        }
      >
        <Input.TextArea
          dir={isRtl(lang) ? 'rtl' : 'ltr'}
          lang={lang}
          autoSize={{ minRows: channel === 'sms' ? 3 : 5, maxRows: 14 }}
          maxLength={MESSAGE_TEXT_MAX}
          onFocus={(e) => (lastField.current = { name, el: e.target })}
          onSelect={(e) => (lastField.current = { name, el: e.currentTarget })}
          data-testid={`text-${channel}-${lang}`}
        />
      </Form.Item>
    );
  };

  const preview = (channel: MessageChannel) => {
    const { text, fallback } = textOf(watched?.texts, channel, shownLang, defaultLang);
    const filled = fillPlaceholders(text, samples);
    const count = smsLength(filled);
    return (
      <Flex vertical gap={4} key={channel}>
        <Typography.Text strong>{t(`channel.${channel}`)}</Typography.Text>
        {fallback && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('editor.usesDefault', { lang: t(`languages.${defaultLang}`) })}
          </Typography.Text>
        )}
        <div
          className={`message-preview-bubble ${channel}`}
          dir={isRtl(fallback ? defaultLang : shownLang) ? 'rtl' : 'ltr'}
          data-testid={`preview-${channel}`}
        >
          {filled || <Typography.Text type="secondary">{t('editor.emptyText')}</Typography.Text>}
        </div>
        {channel === 'sms' && filled && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="preview-sms-count">
            {t('editor.smsCountLong', {
              length: count.length,
              segments: count.segments,
              encoding: count.encoding,
              perSegment: count.perSegment,
              remaining: count.remaining,
            })}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          title={
            <Flex gap={8} align="center" wrap>
              <span>{t(`purpose.${type}`)}</span>
              <Tag>{type}</Tag>
            </Flex>
          }
        >
          <Typography.Paragraph type="secondary">{t(`about.${type}`)}</Typography.Paragraph>
          <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark>
            <Flex vertical gap={6} style={{ marginBlockEnd: 12 }}>
              <Typography.Text id="placeholder-chips">{t('editor.insert')}</Typography.Text>
              <Flex gap={6} wrap role="group" aria-labelledby="placeholder-chips">
                {placeholders.map((p) => (
                  <Button
                    key={p}
                    size="small"
                    shape="round"
                    onMouseDown={(e) => e.preventDefault() /* the text keeps its cursor */}
                    onClick={() => insert(p)}
                    title={`{${p}}`}
                    data-placeholder={p}
                  >
                    {t(`placeholders.${p}`)}
                  </Button>
                ))}
              </Flex>
            </Flex>
            <Tabs
              activeKey={tab}
              onChange={(k) => {
                setTab(k as Language);
                setPreviewLang(null);
              }}
              items={LANGUAGES.map((lang) => ({
                key: lang,
                forceRender: true,
                label: (
                  <span>
                    {t(`languages.${lang}`)}
                    {lang === defaultLang && <Tag style={{ marginInlineStart: 6 }}>{t('editor.default')}</Tag>}
                  </span>
                ),
                children: MESSAGE_CHANNELS.map((channel) => textArea(channel, lang)),
              }))}
            />
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item name="defaultLang" label={t('list.defaultLang')} required>
                  <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} />
                </Form.Item>
              </Col>
              {info.sendHour && (
                <Col xs={24} sm={12}>
                  <Form.Item name="sendHour" label={t('editor.sendHour')} extra={t('editor.sendHourHelp')}>
                    <Select options={HOURS.map((h) => ({ value: h, label: formatHour(h) }))} />
                  </Form.Item>
                </Col>
              )}
            </Row>
            {info.autoSend ? (
              <Form.Item name="autoSend" valuePropName="checked" label={t('editor.autoSend')} extra={t(`autoSendHelp.${type}`)}>
                <Switch />
              </Form.Item>
            ) : (
              <Typography.Paragraph type="secondary">{t('editor.manualOnly')}</Typography.Paragraph>
            )}
            {info.hourBefore && (
              <Form.Item name="hourBefore" valuePropName="checked" label={t('editor.hourBefore')} extra={t('editor.hourBeforeHelp')}>
                <Switch />
              </Form.Item>
            )}
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={saving}>
                {tc('actions.save')}
              </Button>
              <Button onClick={() => navigate('/Messages')}>{tc('actions.cancel')}</Button>
              <Popconfirm title={t('editor.resetConfirm')} onConfirm={resetTexts} okText={tc('actions.confirm')} cancelText={tc('actions.cancel')}>
                <Button icon={<UndoOutlined />}>{t('editor.reset')}</Button>
              </Popconfirm>
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card
          title={t('editor.preview')}
          extra={
            <Segmented<Language>
              size="small"
              value={shownLang}
              onChange={setPreviewLang}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            />
          }
        >
          <Flex vertical gap={16} data-testid="message-preview">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('editor.previewNote')}
            </Typography.Text>
            {MESSAGE_CHANNELS.map(preview)}
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}
