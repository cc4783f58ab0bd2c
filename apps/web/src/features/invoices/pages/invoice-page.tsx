import { FileAddOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  LANGUAGES,
  type InvoiceListItem,
  type InvoiceableProcedure,
  type Language,
  documentCalls,
  issueCreditNoteInput,
} from '@dental/contract';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api';
import { formatDate, formatMoneyText } from '../../../lib/format';
import { handleFormError, zodField } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useMyBranches } from '../../patient-procedures/api';
import { StatusTag } from '../../patient-procedures/components/procedure-ui';
import { procedureName, teethText } from '../../patient-procedures/procedure-model';
import { usePatientHeader } from '../../patients/api';
import { PatientPicker } from '../../patients/components/patient-picker';
import {
  useInvoice,
  useInvoiceableProcedures,
  useIssueCreditNote,
  useIssueInvoice,
  usePatientInvoices,
} from '../api';
import { DownloadPdfButton } from '../../print/download-pdf';
import { InvoiceDocument } from '../components/invoice-document';

const LANGUAGE_NAMES: Record<Language, string> = { ar: 'العربية', en: 'English', fr: 'Français' };

/**
 * /Invoice/:PID?: a patient's invoices. Choose the patient (without PID), pick procedures not yet invoiced in a branch
 * and issue an invoice (after a confirmation); the patient's invoices and credit notes; open one to see and print it
 * (the shared print layout); issue a credit note for an invoice, once. The open document is kept in `?doc=`.
 */
/** The patient search's input id, which its <label> names. */
const PICKER_ID = 'invoice-patient';
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export default function InvoicePage() {
  const { PID } = useParams();
  const patientId = PID && /^\d+$/.test(PID) ? Number(PID) : undefined;
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const docId = Number(params.get('doc')) || null;
  const openDoc = (id: number | null) =>
    setParams((p) => {
      if (id) p.set('doc', String(id));
      else p.delete('doc');
      return p;
    });
  const patient = usePatientHeader(patientId);
  const canIssue = useCan('patient_remaining_payments');

  const picker = (
    <PatientPicker
      id={PICKER_ID}
      key={patient.data?.id ?? 'none'}
      value={patientId ?? null}
      initial={patient.data ? { id: patient.data.id, name: patient.data.name, code: patient.data.code } : null}
      onChange={(id) => id && navigate(`/Invoice/${id}`)}
      placeholder={t('choosePatient')}
      allowClear={false}
    />
  );

  if (!patientId)
    return (
      <Card title={t('title')}>
        <Typography.Paragraph>
          <label htmlFor={PICKER_ID}>{t('choosePatient')}</label>
        </Typography.Paragraph>
        <div style={{ maxWidth: 420 }}>{picker}</div>
      </Card>
    );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
            {patient.data && (
              <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginInlineStart: 12 }}>
                {patient.data.name} ({patient.data.code})
              </Typography.Text>
            )}
          </Typography.Title>
          <div style={{ width: 300, maxWidth: '100%' }}>
            {/* the label names the search input itself (an aria-label on the wrapper named nothing axe could see) */}
            <label htmlFor={PICKER_ID} style={VISUALLY_HIDDEN}>
              {t('changePatient')}
            </label>
            {picker}
          </div>
        </Flex>
      </Card>
      {canIssue && <NewInvoice patientId={patientId} onIssued={openDoc} />}
      <PatientInvoices patientId={patientId} onOpen={openDoc} canCredit={canIssue} />
      {docId && <DocumentModal id={docId} onClose={() => openDoc(null)} canCredit={canIssue} />}
    </Flex>
  );
}

function NewInvoice({ patientId, onIssued }: { patientId: number; onIssued: (id: number) => void }) {
  const { t } = useTranslation('invoices');
  const { t: tc } = useTranslation();
  const session = useSession();
  const numbering = session?.user.toothNumberingSystem ?? 'FDI';
  const currency = session?.user.currency ?? '';
  const branches = useMyBranches();
  const [branchId, setBranchId] = useState<number | null>(session?.branchId ?? null);
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [selected, setSelected] = useState<number[]>([]);
  const procedures = useInvoiceableProcedures(patientId);
  const issue = useIssueInvoice();
  const branch = branchId ?? branches.data?.items[0]?.branchId ?? null;
  const billable = (procedures.data?.items ?? []).filter((p) => p.branchId === branch && p.invoiceId === null);
  const chosen = selected.filter((id) => billable.some((p) => p.id === id));
  const lang = currentLanguage();

  const columns: TableColumnsType<InvoiceableProcedure> = [
    { key: 'name', title: t('columns.procedure'), render: (_, p) => procedureName(p, lang) },
    {
      key: 'teeth',
      title: t('columns.teeth'),
      responsive: ['sm'],
      render: (_, p) => <bdi dir="ltr">{teethText(p.teeth, numbering)}</bdi>,
    },
    { key: 'doctor', title: t('columns.doctor'), dataIndex: 'doctorName', responsive: ['md'] },
    { key: 'status', title: t('columns.status'), render: (_, p) => <StatusTag status={p.status} /> },
    {
      key: 'share',
      title: t('columns.net'),
      align: 'end',
      render: (_, p) => <bdi>{formatMoneyText(p.patientShare, currency)}</bdi>,
    },
  ];

  const confirm = () =>
    Modal.confirm({
      title: t('new.confirmTitle'),
      content: t('new.confirm', { count: chosen.length }),
      okText: t('new.issue'),
      cancelText: tc('actions.cancel'),
      onOk: async () => {
        try {
          const done = await issue.mutateAsync({ patientId, branchId: branch!, patientProcedureIds: chosen, language });
          notify.success(t('new.issued', { number: done.number }));
          setSelected([]);
          onIssued(done.id);
        } catch (error) {
          if (error instanceof ApiError && error.status !== 401) notify.warning(error.message);
        }
      },
    });

  return (
    <Card title={t('new.title')} data-testid="new-invoice">
      <Flex gap={12} wrap align="end" style={{ marginBlockEnd: 12 }}>
        <label>
          <Typography.Text type="secondary">{t('new.branch')}</Typography.Text>
          <Select
            style={{ display: 'block', minWidth: 200 }}
            value={branch ?? undefined}
            onChange={(v) => {
              setBranchId(v);
              setSelected([]);
            }}
            options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))}
            aria-label={t('new.branch')}
          />
        </label>
        <label>
          <Typography.Text type="secondary">{t('new.language')}</Typography.Text>
          <Select
            style={{ display: 'block', minWidth: 140 }}
            value={language}
            onChange={setLanguage}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            aria-label={t('new.language')}
          />
        </label>
        <Space style={{ marginInlineStart: 'auto' }}>
          <Typography.Text type="secondary">{t('new.selected', { count: chosen.length })}</Typography.Text>
          <Button type="primary" icon={<FileAddOutlined />} disabled={!chosen.length || !branch} onClick={confirm}>
            {t('new.issue')}
          </Button>
        </Space>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBlockEnd: 8 }}>
        {t('new.hint')}
      </Typography.Paragraph>
      <Table<InvoiceableProcedure>
        rowKey="id"
        size="small"
        loading={procedures.isPending}
        columns={columns}
        dataSource={billable}
        pagination={false}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: <EmptyState compact description={t('new.empty')} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

function PatientInvoices({
  patientId,
  onOpen,
  canCredit,
}: {
  patientId: number;
  onOpen: (id: number) => void;
  canCredit: boolean;
}) {
  const { t } = useTranslation('invoices');
  const invoices = usePatientInvoices(patientId);
  const currency = useSession()?.user.currency ?? '';
  const [crediting, setCrediting] = useState<InvoiceListItem | null>(null);
  const columns: TableColumnsType<InvoiceListItem> = [
    { key: 'number', title: t('list.number'), render: (_, i) => <bdi>{i.number}</bdi> },
    {
      key: 'kind',
      title: t('list.kind'),
      render: (_, i) => <Tag color={i.kind === 'invoice' ? 'blue' : 'orange'}>{t(`kinds.${i.kind}`)}</Tag>,
    },
    { key: 'date', title: t('list.date'), render: (_, i) => formatDate(i.issuedAt) },
    { key: 'branch', title: t('list.branch'), dataIndex: 'branchName', responsive: ['md'] },
    {
      key: 'vat',
      title: t('list.vat'),
      align: 'end',
      responsive: ['sm'],
      render: (_, i) => <bdi>{formatMoneyText(i.vatTotal, currency)}</bdi>,
    },
    { key: 'total', title: t('list.total'), align: 'end', render: (_, i) => <bdi>{formatMoneyText(i.total, currency)}</bdi> },
    {
      key: 'state',
      title: t('list.state'),
      responsive: ['sm'],
      render: (_, i) =>
        i.credited ? (
          <Tag color="red">{t('list.credited')}</Tag>
        ) : i.creditedInvoiceNumber !== null ? (
          t('list.creditOf', { number: i.creditedInvoiceNumber })
        ) : null,
    },
    {
      key: 'actions',
      title: '',
      render: (_, i) => (
        <Space size={4} wrap>
          <Button size="small" icon={<PrinterOutlined />} onClick={() => onOpen(i.id)}>
            {t('list.open')}
          </Button>
          {canCredit && i.kind === 'invoice' && !i.credited && (
            <Button size="small" danger icon={<RollbackOutlined />} onClick={() => setCrediting(i)}>
              {t('list.creditNote')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card title={t('list.title')} data-testid="patient-invoices">
      <Table<InvoiceListItem>
        rowKey="id"
        size="small"
        loading={invoices.isPending}
        columns={columns}
        dataSource={invoices.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState compact description={t('list.empty')} /> }}
        scroll={{ x: 'max-content' }}
      />
      {crediting && (
        <CreditNoteModal
          invoice={crediting}
          onClose={() => setCrediting(null)}
          onIssued={(id) => {
            setCrediting(null);
            onOpen(id);
          }}
        />
      )}
    </Card>
  );
}

function CreditNoteModal({
  invoice,
  onClose,
  onIssued,
}: {
  invoice: Pick<InvoiceListItem, 'id' | 'number'>;
  onClose: () => void;
  onIssued: (id: number) => void;
}) {
  const { t } = useTranslation('invoices');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const issue = useIssueCreditNote();
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      const done = await issue.mutateAsync({ invoiceId: invoice.id, reason });
      notify.success(t('credit.issued', { number: done.number }));
      onIssued(done.id);
    } catch (error) {
      handleFormError(form, error);
    }
  };
  return (
    <Modal
      open
      title={t('credit.title', { number: invoice.number })}
      okText={t('credit.issue')}
      okButtonProps={{ danger: true, loading: issue.isPending }}
      cancelText={tc('actions.cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('credit.warning')} style={{ marginBlockEnd: 12 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('credit.reason')} {...zodField(issueCreditNoteInput.shape.reason)}>
          <Input.TextArea rows={3} maxLength={500} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The open invoice or credit note: shown as printed, with print and (for a live invoice) credit note. */
function DocumentModal({ id, onClose, canCredit }: { id: number; onClose: () => void; canCredit: boolean }) {
  const { t } = useTranslation('invoices');
  const { t: tc } = useTranslation();
  const invoice = useInvoice(id);
  const [crediting, setCrediting] = useState(false);
  const [, setParams] = useSearchParams();
  const doc = invoice.data;
  return (
    <Modal
      open
      width={900}
      title={doc ? `${t(`kinds.${doc.kind}`)} ${doc.number}` : t('view.title')}
      onCancel={onClose}
      footer={
        <Space wrap>
          {doc && canCredit && doc.kind === 'invoice' && !doc.creditNote && (
            <Button danger icon={<RollbackOutlined />} onClick={() => setCrediting(true)}>
              {t('list.creditNote')}
            </Button>
          )}
          {doc && (
            <DownloadPdfButton
              call={documentCalls.getInvoicePdf}
              input={{ id: doc.id }}
              fileName={`${doc.kind === 'invoice' ? 'invoice' : 'credit-note'}-${doc.number}.pdf`}
            />
          )}
          <Button onClick={onClose}>{tc('actions.close')}</Button>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!doc} onClick={() => window.print()}>
            {t('view.print')}
          </Button>
        </Space>
      }
    >
      {invoice.isError ? (
        <Result status="404" title={t('view.notFound')} />
      ) : !doc ? (
        <Skeleton active />
      ) : (
        <InvoiceDocument invoice={doc} preview />
      )}
      {crediting && doc && (
        <CreditNoteModal
          invoice={doc}
          onClose={() => setCrediting(false)}
          onIssued={(newId) => {
            setCrediting(false);
            setParams((p) => {
              p.set('doc', String(newId));
              return p;
            });
          }}
        />
      )}
    </Modal>
  );
}
