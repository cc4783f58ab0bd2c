import { PrinterOutlined } from '@ant-design/icons';
import {
  PRINT_DOCUMENT_TYPES,
  PRINT_LANGUAGES,
  PRINT_LIMITS,
  PRINT_PAGE_SIZES,
  PRINT_SHOW_FLAGS,
  type PrintDocumentType,
  builtInPrintSettings,
  savePrintSettingsInput,
} from '@dental/contract';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { handleFormError, zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { usePrintSettings, useSavePrintSettings } from '../api';
import { SampleDocument } from '../components/sample-document';
import { type PrintLayoutSettings, saveInputOf } from '../print-model';

type Values = z.input<typeof savePrintSettingsInput>;
type SaveInput = z.output<typeof savePrintSettingsInput>;
const fields = savePrintSettingsInput.shape;
const MARGINS = ['marginTop', 'marginRight', 'marginBottom', 'marginLeft'] as const;
const FONTS = [
  ['fontSize', PRINT_LIMITS.fontSizeMin, PRINT_LIMITS.fontSizeMax],
  ['titleFontSize', PRINT_LIMITS.titleFontSizeMin, PRINT_LIMITS.titleFontSizeMax],
] as const;

/** A new row starts from the document type's built-in settings. */
function newValues(type: PrintDocumentType): Values {
  const { id: _id, builtIn: _builtIn, ...rest } = builtInPrintSettings(type);
  return { ...rest, name: '', isDefault: false };
}

/**
 * /AddEditPrintSettings/:ID?: every field of a print setting (bounded numbers, translated messages) beside a live
 * preview of a sample document in the chosen paper size; "print a test page" prints that sample.
 */
export default function EditPrintSettingsPage() {
  const { ID } = useParams();
  const id = ID && /^\d+$/.test(ID) ? Number(ID) : undefined;
  const { t } = useTranslation('print');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const existing = usePrintSettings(id);
  const save = useSavePrintSettings();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue(existing.data ? (saveInputOf(existing.data) as Values) : newValues('invoice'));
  }, [form, existing.data]);

  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const documentType = (watched?.documentType ?? existing.data?.documentType ?? 'invoice') as PrintDocumentType;
  const preview = useMemo(() => previewSettings(watched, documentType), [watched, documentType]);

  if (ID && !id) return <NotFound />;
  if (id && existing.isError) return <NotFound />;
  if (id && !existing.data) return <Skeleton active />;

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await save.mutateAsync({ ...(values as SaveInput), id });
      notify.success(tc('crud.saved'));
      navigate('/PrintSettings');
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  const changeType = (type: PrintDocumentType) => {
    if (!id) form.setFieldsValue({ ...newValues(type), name: form.getFieldValue('name') as string });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={id ? t('settings.edit') : t('settings.add')}>
          <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item name="name" label={t('settings.name')} {...zodField(fields.name)}>
                  <Input maxLength={PRINT_LIMITS.nameMax} autoFocus />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="documentType"
                  label={t('settings.documentType')}
                  extra={id ? t('settings.typeFixed') : undefined}
                  {...zodField(fields.documentType)}
                >
                  <Select
                    disabled={!!id}
                    onChange={changeType}
                    options={PRINT_DOCUMENT_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="pageSize" label={t('settings.pageSize')} {...zodField(fields.pageSize)}>
                  <Select options={PRINT_PAGE_SIZES.map((v) => ({ value: v, label: t(`pageSizes.${v}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="language" label={t('settings.language')} {...zodField(fields.language)}>
                  <Select options={PRINT_LANGUAGES.map((v) => ({ value: v, label: t(`languages.${v}`) }))} />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Text strong>{t('settings.margins')}</Typography.Text>
            <Row gutter={12}>
              {MARGINS.map((m) => (
                <Col xs={12} sm={6} key={m}>
                  <Form.Item name={m} label={t(`settings.${m}`)} {...zodField(fields[m])}>
                    <InputNumber min={PRINT_LIMITS.marginMin} max={PRINT_LIMITS.marginMax} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Row gutter={12}>
              {FONTS.map(([f, min, max]) => (
                <Col xs={12} key={f}>
                  <Form.Item name={f} label={t(`settings.${f}`)} {...zodField(fields[f])}>
                    <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Form.Item name="headerText" label={t('settings.headerText')} {...zodField(fields.headerText)}>
              <Input.TextArea rows={2} maxLength={PRINT_LIMITS.headerMax} />
            </Form.Item>
            <Form.Item name="footerText" label={t('settings.footerText')} {...zodField(fields.footerText)}>
              <Input.TextArea rows={2} maxLength={PRINT_LIMITS.footerMax} />
            </Form.Item>
            <Divider titlePlacement="start" plain>
              {t('settings.show')}
            </Divider>
            <Row gutter={[12, 0]}>
              {PRINT_SHOW_FLAGS.map((flag) => (
                <Col xs={24} sm={12} key={flag}>
                  <Form.Item name={['show', flag]} valuePropName="checked" style={{ marginBlockEnd: 8 }}>
                    <Checkbox>{t(`flags.${flag}`)}</Checkbox>
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Form.Item name="isDefault" label={t('settings.isDefault')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={saving}>
                {tc('actions.save')}
              </Button>
              <Button onClick={() => navigate('/PrintSettings')}>{tc('actions.cancel')}</Button>
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          title={t('settings.preview')}
          extra={
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('settings.printSample')}
            </Button>
          }
        >
          <SampleDocument type={documentType} settings={preview} />
        </Card>
      </Col>
    </Row>
  );
}

/** The form's values as the layout reads them; a number being typed (empty, out of bounds) keeps the built-in one. */
function previewSettings(values: Partial<Values> | undefined, type: PrintDocumentType): PrintLayoutSettings {
  const base = builtInPrintSettings(type);
  const num = (v: unknown, fallback: number, min: number, max: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
  const L = PRINT_LIMITS;
  return {
    pageSize: (PRINT_PAGE_SIZES as readonly unknown[]).includes(values?.pageSize) ? values!.pageSize! : base.pageSize,
    marginTop: num(values?.marginTop, base.marginTop, L.marginMin, L.marginMax),
    marginRight: num(values?.marginRight, base.marginRight, L.marginMin, L.marginMax),
    marginBottom: num(values?.marginBottom, base.marginBottom, L.marginMin, L.marginMax),
    marginLeft: num(values?.marginLeft, base.marginLeft, L.marginMin, L.marginMax),
    fontSize: num(values?.fontSize, base.fontSize, L.fontSizeMin, L.fontSizeMax),
    titleFontSize: num(values?.titleFontSize, base.titleFontSize, L.titleFontSizeMin, L.titleFontSizeMax),
    headerText: values?.headerText ?? null,
    footerText: values?.footerText ?? null,
    language: values?.language ?? base.language,
    show: { ...base.show, ...(values?.show as Record<string, boolean> | undefined) },
  };
}

function NotFound() {
  const { t } = useTranslation('print');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('settings.notFound')}
      extra={<Button onClick={() => navigate('/PrintSettings')}>{t('settings.back')}</Button>}
    />
  );
}
