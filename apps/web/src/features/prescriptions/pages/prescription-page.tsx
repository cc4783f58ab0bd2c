import { CopyOutlined, DeleteOutlined, FileTextOutlined, LinkOutlined, PrinterOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { type PrescriptionDoc, prescriptionCalls, savePrescriptionInput } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DayField } from '../../../components/day-field';
import { clinicToday } from '../../../lib/clinic-time';
import { formatDate } from '../../../lib/format';
import { handleFormError, zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { callQuery } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { PatientPicker } from '../../patients/components/patient-picker';
import { usePatientHeader } from '../../patients/api';
import { DownloadPdfButton } from '../../print/download-pdf';
import {
  useCopyPrescription,
  useCreatePublicLink,
  useDeletePrescriptionDrugs,
  useDeletePrescriptions,
  useDoctors,
  useMyBranches,
  usePatientPrescriptions,
  usePrescriptionDoc,
  useRevokePublicLink,
  useSavePrescription,
  useTemplates,
} from '../api';
import { ConfirmDeleteDraft } from '../components/confirm-delete-draft';
import { DrugLines } from '../components/drug-lines';
import { MedicalAlerts } from '../components/medical-alerts';
import { PrescriptionDocument, type RxPaper } from '../components/prescription-document';
import { type PrescriptionFormValues, applyTemplate, drugInputs, emptyLine, formValuesOf, routeId } from '../prescription-model';

const fields = savePrescriptionInput.shape;

/** The printed view of a prescription document. */
export const paperOf = (doc: PrescriptionDoc): RxPaper => ({
  clinicName: doc.clinic.name,
  branchName: doc.branch.name,
  branchAddress: doc.branch.address,
  branchPhone: doc.branch.phone,
  doctorName: doc.doctor.name,
  patientName: doc.patient.name,
  patientCode: doc.patient.code,
  age: doc.patient.age,
  date: doc.date,
  diagnosis: doc.diagnosis,
  notes: doc.notes,
  drugs: doc.drugs,
  draft: doc.status === 'draft',
});

/**
 * /Prescription/:ID?/:PID?/:PN?: a prescription. Without ID (or 0) a new draft for the patient PID (or one picked
 * here: the menu's "add prescription"); a draft opens in the editor, a published one read-only with copy, print, PDF
 * and its public link. The patient's medical alerts stay on top while prescribing.
 */
export default function PrescriptionPage() {
  const { t } = useTranslation('prescriptions');
  const params = useParams();
  const navigate = useNavigate();
  const id = routeId(params.ID);
  const doc = usePrescriptionDoc(id);

  if (id && doc.isError)
    return (
      <Card>
        <Result status="404" title={t('editor.notFound')} extra={<Button onClick={() => navigate(-1)}>{t('editor.backToPatient')}</Button>} />
      </Card>
    );
  if (id && !doc.data) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (doc.data?.status === 'published') return <PublishedView doc={doc.data} />;
  return <Editor key={id ?? `new-${params.PID ?? ''}`} draft={doc.data} patientId={doc.data?.patient.id ?? routeId(params.PID)} />;
}

function PatientTitle({ patientId }: { patientId: number | undefined }) {
  const header = usePatientHeader(patientId);
  if (!patientId || !header.data) return null;
  return (
    <Link to={`/Patient/${patientId}/11`}>
      <bdi>{header.data.name}</bdi> <Typography.Text type="secondary">#{header.data.code}</Typography.Text>
    </Link>
  );
}

function Editor({ draft, patientId: fixedPatient }: { draft?: PrescriptionDoc; patientId?: number }) {
  const { t } = useTranslation('prescriptions');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [form] = Form.useForm<PrescriptionFormValues>();
  const [modal, modalHolder] = Modal.useModal();
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  const canDelete = useCan('prescription_delete');

  // the form starts from these once; later reads of the same draft do not overwrite what is typed
  const [initialValues] = useState<PrescriptionFormValues>(() =>
    draft
      ? formValuesOf(draft)
      : {
          patientId: fixedPatient,
          branchId: session?.branchId ?? undefined,
          date: clinicToday(session?.user.timeZone ?? 'UTC'),
          drugs: [emptyLine()],
        },
  );
  const patientId: number | undefined = Form.useWatch('patientId', form) ?? fixedPatient;
  const branchId: number | undefined = Form.useWatch('branchId', form);
  const doctorId: number | undefined = Form.useWatch('doctorId', form);
  const alerts = usePatientPrescriptions({ patientId: patientId ?? 0, page: 1, pageSize: 5 }, !!patientId);
  const branches = useMyBranches();
  const doctors = useDoctors(branchId);
  const templates = useTemplates({ page: 1, pageSize: 100, sortField: 'name', sortOrder: 'ascend' });
  const save = useSavePrescription();
  const removeDrugs = useDeletePrescriptionDrugs();
  const remove = useDeletePrescriptions();

  // the prescribing doctor: the user when they are one of the branch's doctors
  useEffect(() => {
    if (doctorId || !doctors.data) return;
    const me = doctors.data.items.find((d) => d.id === session?.user.userId);
    if (me) form.setFieldValue('doctorId', me.id);
  }, [doctors.data, doctorId, form, session?.user.userId]);

  const applyTemplateById = async (templateId: number) => {
    try {
      const template = await queryClient.fetchQuery(callQuery(prescriptionCalls.getPrescriptionTemplate, { id: templateId }));
      form.setFieldValue('drugs', applyTemplate(form.getFieldValue('drugs') ?? [], template));
      notify.success(t('editor.templateApplied'));
    } catch {
      // the call has said why
    }
  };

  const submit = async (status: 'draft' | 'published') => {
    let values: PrescriptionFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(status === 'draft' ? 'draft' : 'publish');
    try {
      const result = await save.mutateAsync({
        id: draft?.id,
        patientId: values.patientId ?? fixedPatient ?? 0,
        doctorId: values.doctorId,
        branchId: values.branchId ?? 0,
        date: values.date ?? undefined,
        diagnosis: values.diagnosis?.trim() || null,
        notes: values.notes?.trim() || null,
        status,
        drugs: drugInputs(values.drugs),
      });
      notify.success(status === 'published' ? t('editor.published') : tc('crud.saved'));
      if (status === 'draft') {
        // the form follows the saved lines (their ids), so the next save updates rather than adds
        const fresh = await queryClient.fetchQuery(callQuery(prescriptionCalls.getPatientPrescriptionDoc, { id: result.id }));
        form.setFieldsValue(formValuesOf(fresh));
      }
      if (!draft) navigate(`/Prescription/${result.id}`, { replace: true });
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const ok = await modal.confirm({
      title: t('editor.publishTitle'),
      content: t('editor.publishText'),
      okText: t('editor.publish'),
      cancelText: tc('actions.cancel'),
    });
    if (ok) await submit('published');
  };

  const deleteDraft = async () => {
    if (!draft) return;
    await remove.mutateAsync({ ids: [draft.id] });
    notify.success(tc('crud.deleted'));
    navigate(`/Patient/${draft.patient.id}/11`, { replace: true });
  };

  return (
    <Card
      title={
        <Space wrap>
          <span>{draft ? t('editor.titleDraft') : t('editor.titleNew')}</span>
          {draft && <Tag color="gold">{t('status.draft')}</Tag>}
          <PatientTitle patientId={patientId} />
        </Space>
      }
    >
      {modalHolder}
      <Form<PrescriptionFormValues> form={form} layout="vertical" initialValues={initialValues} requiredMark>
        {!fixedPatient && (
          <Form.Item name="patientId" label={t('fields.patient')} {...zodField(fields.patientId)}>
            <PatientPicker placeholder={t('editor.pickPatient')} />
          </Form.Item>
        )}
        {patientId ? <MedicalAlerts alerts={alerts.data?.alerts} /> : <Alert type="info" showIcon message={t('editor.choosePatientFirst')} style={{ marginBlockEnd: 16 }} />}
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="branchId" label={t('fields.branch')} {...zodField(fields.branchId)}>
              <Select
                options={branches.data?.items.map((b) => ({ value: b.branchId, label: b.name }))}
                loading={branches.isLoading}
                onChange={() => form.setFieldValue('doctorId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="doctorId" label={t('fields.doctor')} rules={[{ required: true, message: fieldErrorText('field_required') }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={doctors.data?.items.map((d) => ({ value: d.id, label: d.name }))}
                loading={doctors.isLoading}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <DayField name="date" label={t('fields.date')} {...zodField(fields.date)} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label={t('editor.template')}>
              <Select<number>
                aria-label={t('editor.template')}
                value={null}
                placeholder={t('editor.templatePlaceholder')}
                showSearch={{ optionFilterProp: 'label' }}
                options={templates.data?.items.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
                loading={templates.isLoading}
                onChange={(v) => v && void applyTemplateById(v)}
                data-testid="rx-template"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="diagnosis" label={t('fields.diagnosis')} {...zodField(fields.diagnosis)}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
        </Form.Item>
        <Typography.Title level={5}>{t('fields.drugs')}</Typography.Title>
        <DrugLines form={form} onRemoveSaved={draft ? (lineId) => removeDrugs.mutateAsync({ ids: [lineId] }) : undefined} />
        <Form.Item name="notes" label={t('fields.notes')} {...zodField(fields.notes)} style={{ marginBlockStart: 16 }}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Flex gap="small" wrap justify="end">
          {draft && canDelete && (
            <ConfirmDeleteDraft onConfirm={deleteDraft}>
              <Button icon={<DeleteOutlined />}>
                {t('editor.deleteDraft')}
              </Button>
            </ConfirmDeleteDraft>
          )}
          {draft && (
            <Button icon={<FileTextOutlined />} onClick={() => navigate(`/PrescriptionDetails/${draft.id}`)}>
              {t('actions.details')}
            </Button>
          )}
          <Button onClick={() => void submit('draft')} loading={busy === 'draft'} disabled={busy !== null}>
            {t('editor.saveDraft')}
          </Button>
          <Button type="primary" icon={<SendOutlined />} onClick={() => void publish()} loading={busy === 'publish'} disabled={busy !== null}>
            {t('editor.publish')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** A name isolated inside a sentence of the other direction (first-strong isolate … pop). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** Copies text; says so, or shows the text to copy by hand when the browser refuses. */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A published prescription: read-only, as printed, with copy, print, PDF and the public link. */
function PublishedView({ doc }: { doc: PrescriptionDoc }) {
  const { t } = useTranslation('prescriptions');
  const navigate = useNavigate();
  const canWrite = useCan('prescription_add');
  const copy = useCopyPrescription();
  const createLink = useCreatePublicLink();
  const revoke = useRevokePublicLink();
  const [link, setLink] = useState<string | null>(null);

  const copyIntoNew = async () => {
    const { id } = await copy.mutateAsync({ id: doc.id });
    notify.success(t('actions.copied'));
    navigate(`/Prescription/${id}`);
  };
  const copyLink = async () => {
    const { url } = await createLink.mutateAsync({ id: doc.id });
    setLink(url);
    if (await copyToClipboard(url)) notify.success(t('actions.copiedUrl'));
    else notify.warning(t('actions.copyFailed'));
  };
  const revokeLink = async () => {
    await revoke.mutateAsync({ id: doc.id });
    setLink(null);
    notify.success(t('actions.revoked'));
  };

  return (
    <Card
      title={
        <Space wrap>
          <span>{t('editor.titlePublished')}</span>
          <Tag color="green">{t('status.published')}</Tag>
          <PatientTitle patientId={doc.patient.id} />
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        data-testid="rx-read-only"
        message={t('editor.readOnly', { date: formatDate(doc.publishedAt), name: isolate(doc.publishedByName ?? doc.doctor.name) })}
        style={{ marginBlockEnd: 16 }}
      />
      <Flex gap="small" wrap style={{ marginBlockEnd: 16 }}>
        {canWrite && (
          <Button icon={<CopyOutlined />} onClick={() => void copyIntoNew()} loading={copy.isPending}>
            {t('actions.copy')}
          </Button>
        )}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('actions.print')}
        </Button>
        <DownloadPdfButton call={prescriptionCalls.getPrescriptionPdf} input={{ id: doc.id }} fileName={`prescription-${doc.id}.pdf`} />
        {canWrite && (
          <Button icon={<LinkOutlined />} onClick={() => void copyLink()} loading={createLink.isPending}>
            {t('actions.copyLink')}
          </Button>
        )}
        {canWrite && (doc.hasPublicLink || link) && (
          <Popconfirm
            title={t('actions.revokeTitle')}
            description={t('actions.revokeText')}
            okText={t('actions.revokeLink')}
            okButtonProps={{ danger: true }}
            onConfirm={revokeLink}
          >
            <Button icon={<StopOutlined />}>
              {t('actions.revokeLink')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {link && (
        <Input readOnly value={link} dir="ltr" aria-label={t('actions.copyLink')} data-testid="rx-public-url" style={{ marginBlockEnd: 16 }} onFocus={(e) => e.target.select()} />
      )}
      <PrescriptionDocument paper={paperOf(doc)} preview patientLanguage={doc.patient.language} />
    </Card>
  );
}
