import { ArrowLeftOutlined } from '@ant-design/icons';
import { type PrescriptionTemplate, prescriptionCalls, savePrescriptionTemplateInput } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Result, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { handleFormError, zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { callQuery } from '../../../lib/query';
import { notify } from '../../../lib/toast';
import { useDeleteTemplateDrugs, useSaveTemplate, useTemplate } from '../api';
import { DrugLines } from '../components/drug-lines';
import { type DrugLineValues, drugInputs, emptyLine, lineOf, routeId } from '../prescription-model';

const fields = savePrescriptionTemplateInput.shape;

interface TemplateFormValues {
  name: string;
  notes?: string | null;
  drugs: DrugLineValues[];
}

const valuesOf = (tpl: PrescriptionTemplate): TemplateFormValues => ({
  name: tpl.name,
  notes: tpl.notes,
  drugs: tpl.drugs.map((d) => lineOf(d)),
});

/** /PrescriptionTemplate/:ID?: a prescription template: its name and drug lines (a saved line is removed at once). */
export default function TemplatePage() {
  const { t } = useTranslation('prescriptions');
  const navigate = useNavigate();
  const id = routeId(useParams().ID);
  const template = useTemplate(id);
  if (id && template.isError)
    return (
      <Card>
        <Result status="404" title={t('templates.notFound')} extra={<Button onClick={() => navigate('/PrescriptionTemplatesList')}>{t('templates.backToList')}</Button>} />
      </Card>
    );
  if (id && !template.data) return <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  return <TemplateForm key={id ?? 'new'} template={template.data} />;
}

function TemplateForm({ template }: { template?: PrescriptionTemplate }) {
  const { t } = useTranslation('prescriptions');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TemplateFormValues>();
  const save = useSaveTemplate();
  const removeDrugs = useDeleteTemplateDrugs();
  const [busy, setBusy] = useState(false);
  const canWrite = useCan(template ? 'prescription_template_edit' : 'prescription_template_add');
  const initialValues = useMemo(() => (template ? valuesOf(template) : { name: '', drugs: [emptyLine()] }), [template]);

  const submit = async (values: TemplateFormValues) => {
    setBusy(true);
    try {
      const { id } = await save.mutateAsync({
        id: template?.id,
        name: values.name.trim(),
        notes: values.notes?.trim() || null,
        drugs: drugInputs(values.drugs),
      });
      notify.success(t('templates.saved'));
      const fresh = await queryClient.fetchQuery(callQuery(prescriptionCalls.getPrescriptionTemplate, { id }));
      form.setFieldsValue(valuesOf(fresh));
      if (!template) navigate(`/PrescriptionTemplate/${id}`, { replace: true });
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={template ? t('templates.titleEdit') : t('templates.titleNew')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/PrescriptionTemplatesList')}>
          {t('templates.backToList')}
        </Button>
      }
    >
      <Form<TemplateFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} disabled={!canWrite}>
        <Form.Item name="name" label={t('fields.name')} {...zodField(fields.name)}>
          <Input maxLength={200} autoFocus={!template} />
        </Form.Item>
        <Typography.Title level={5}>{t('fields.drugs')}</Typography.Title>
        <DrugLines form={form} onRemoveSaved={template ? (lineId) => removeDrugs.mutateAsync({ ids: [lineId] }) : undefined} />
        <Form.Item name="notes" label={t('templates.notes')} {...zodField(fields.notes)} style={{ marginBlockStart: 16 }}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={busy}>
            {tc('actions.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
