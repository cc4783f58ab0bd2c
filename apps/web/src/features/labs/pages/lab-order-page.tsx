import { DeleteOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import {
  ALL_TEETH,
  LAB_ORDER_EDITABLE_STATUSES,
  type LabOrderDetails,
  type LabOrderStatus,
  type SaveLabOrderInput,
  VITA_SHADES,
  allowedLabOrderStatuses,
  saveLabOrderInput,
  toothCode,
} from '@dental/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Popconfirm,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { formatWallDate } from '../../../lib/clinic-time';
import { DATE_FORMAT, ISO_DAY, formatDateTime } from '../../../lib/format';
import { handleFormError, zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { PatientPicker } from '../../patients/components/patient-picker';
import { usePatientHeader } from '../../patients/api';
import { useMoney } from '../../payments/components/money';
import {
  useDeleteLabOrder,
  useDoctors,
  useLabChoices,
  useLabOrder,
  useLabServices,
  PROCEDURES_READ_KEYS,
  usePatientProceduresOf,
  useSaveLabOrder,
  useUpdateLabOrderStatus,
} from '../api';
import { LabOrderAttachments } from '../components/lab-order-attachments';
import { DANGER_TEXT, LabOrderHistory, LabStatusTag, MoveDialog, OrderFacts, OverdueTag, serviceName } from '../components/lab-ui';
import { LabOrderPrint } from '../components/lab-order-print';
import { procedureOptionLabel } from '../lab-model';

const fields = saveLabOrderInput.shape;
/** The form's values: the contract's input with days as dayjs for the pickers. */
type FormValues = Omit<SaveLabOrderInput, 'sendDate' | 'expectedDeliveryDate'> & {
  sendDate?: Dayjs | null;
  expectedDeliveryDate?: Dayjs | null;
};
const positive = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /LabOrderDetails/:ID?/:LID?/:PID?/:TN? (issue 16): a new order (ID empty or 0) with the lab (LID), patient (PID) and
 * tooth (TN) chosen from the route and the procedure from `?procedure=`; or an existing order: its fields (editable
 * while new), the status moves the transition table allows, the history (who, when), print on the lab order's print
 * settings, delete while new.
 */
export default function LabOrderPage() {
  const { t } = useTranslation('labs');
  const params = useParams();
  const id = positive(params.ID);
  const order = useLabOrder(id);
  if (id && order.isError)
    return (
      <Result status="404" title={t('order.notFound')} extra={<BackToList />} />
    );
  if (id && !order.data) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  return <OrderView key={id ?? 'new'} order={order.data} reload={() => void order.refetch()} />;
}

function BackToList() {
  const { t } = useTranslation('labs');
  const navigate = useNavigate();
  return <Button onClick={() => navigate('/LabsOrders')}>{t('order.backToList')}</Button>;
}

function OrderView({ order, reload }: { order?: LabOrderDetails; reload: () => void }) {
  const { t } = useTranslation('labs');
  const navigate = useNavigate();
  const editable = !order || LAB_ORDER_EDITABLE_STATUSES.includes(order.status);
  const [printing, setPrinting] = useState(false);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBlockEnd: 16 }}>
          <Space wrap>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {order ? t('order.title', { number: order.orderNo }) : t('order.newTitle')}
            </Typography.Title>
            {order && <LabStatusTag status={order.status} />}
            {order?.overdue && <OverdueTag expected={order.expectedDeliveryDate} />}
          </Space>
          <Space wrap>
            {order && <StatusButtons order={order} reload={reload} />}
            {order && (
              <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="lab-order-print">
                {t('order.print')}
              </Button>
            )}
            {order && editable && <DeleteButton order={order} />}
            <Button onClick={() => navigate('/LabsOrders')}>{t('order.backToList')}</Button>
          </Space>
        </Flex>
        {order?.overdue && order.expectedDeliveryDate && (
          <Alert type="error" showIcon message={t('order.overdueSince', { date: formatWallDate(order.expectedDeliveryDate) })} style={{ marginBlockEnd: 16 }} />
        )}
        {order && order.readyAt && (order.status === 'LOS2' || order.status === 'LOS5') && (
          <Alert type="success" showIcon message={`${t('history.ready')} · ${formatDateTime(order.readyAt)}`} style={{ marginBlockEnd: 16 }} data-testid="lab-order-ready" />
        )}
        {editable ? (
          <OrderForm order={order} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('order.readOnly')}</Typography.Paragraph>
            <OrderFacts order={order!} lab={order!.labName} created={order!.createdAt} />
          </>
        )}
      </Card>
      {order && <LabOrderAttachments labOrderId={order.id} status={order.status} />}
      {order && (
        <Card title={t('order.history')} size="small">
          <LabOrderHistory history={order.history} />
        </Card>
      )}
      {order && printing && <LabOrderPrint order={order} onClose={() => setPrinting(false)} />}
    </Flex>
  );
}

/** The buttons of the moves LAB_ORDER_TRANSITIONS allows from the order's status; each asks first, with an optional note. */
function StatusButtons({ order, reload }: { order: LabOrderDetails; reload: () => void }) {
  const { t } = useTranslation('labs');
  const move = useUpdateLabOrderStatus();
  const [to, setTo] = useState<LabOrderStatus | null>(null);
  const submit = async (note: string | undefined) => {
    if (!to) return;
    try {
      await move.mutateAsync({ id: order.id, to, version: order.version, note });
      notify.success(t('move.done', { status: t(`status.${to}`) }));
    } catch (error) {
      notify.warning(isApiError(error) ? error.message : fieldErrorText('unexpected'));
      if (isApiError(error) && error.status === 409) reload();
      throw error;
    }
  };
  return (
    <Space wrap>
      {allowedLabOrderStatuses(order.status).map((next) => (
        <Button
          key={next}
          type={next === 'LOS6' ? 'default' : 'primary'}
          icon={next === 'LOS6' ? <StopOutlined style={{ color: DANGER_TEXT }} /> : undefined}
          onClick={() => setTo(next)}
          data-testid={`lab-move-${next}`}
        >
          {t(`move.${next}`)}
        </Button>
      ))}
      <MoveDialog
        move={to ? { title: t('move.confirm', { status: t(`status.${to}`) }), okText: t(`move.${to}`) } : null}
        onSubmit={submit}
        onClose={() => setTo(null)}
      />
    </Space>
  );
}

function DeleteButton({ order }: { order: LabOrderDetails }) {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteLabOrder();
  return (
    <Popconfirm
      title={t('order.delete')}
      description={t('order.confirmDelete')}
      okText={tc('actions.delete')}
      okButtonProps={{ danger: true }}
      cancelText={tc('actions.cancel')}
      onConfirm={() =>
        remove
          .mutateAsync({ id: order.id })
          .then(() => {
            notify.success(t('order.deleted'));
            navigate('/LabsOrders', { replace: true });
          })
          .catch((e: unknown) => notify.warning(isApiError(e) ? e.message : fieldErrorText('unexpected')))
      }
    >
      <Button icon={<DeleteOutlined style={{ color: DANGER_TEXT }} />}>
        {t('order.delete')}
      </Button>
    </Popconfirm>
  );
}

/** The order's form: new, or a new (LOS1) order being edited. */
function OrderForm({ order }: { order?: LabOrderDetails }) {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const session = useSession();
  const numbering = session?.user.toothNumberingSystem ?? 'FDI';
  const m = useMoney();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveLabOrder();

  const initial = useMemo<Partial<FormValues>>(
    () =>
      order
        ? {
            ...order,
            doctorId: order.doctorId ?? undefined,
            sendDate: order.sendDate ? dayjs(order.sendDate) : null,
            expectedDeliveryDate: order.expectedDeliveryDate ? dayjs(order.expectedDeliveryDate) : null,
          }
        : {
            labId: positive(params.LID),
            patientId: positive(params.PID) as number,
            tooth: positive(params.TN) ?? null,
            patientProcedureId: positive(query.get('procedure') ?? undefined) ?? null,
            sendDate: dayjs(),
          },
    // the route is read once: the form then belongs to the user
    [order],
  );
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial as never);
  }, [form, initial]);

  const patientId = Form.useWatch('patientId', form) as number | undefined;
  const labId = Form.useWatch('labId', form) as number | undefined;
  const serviceId = Form.useWatch('labServiceId', form) as number | undefined;
  const procedureId = Form.useWatch('patientProcedureId', form) as number | null | undefined;
  const patient = usePatientHeader(order?.patientId ?? positive(params.PID));
  const canReadProcedures = useCan(PROCEDURES_READ_KEYS);
  const procedures = usePatientProceduresOf(patientId, canReadProcedures);
  const labs = useLabChoices();
  const services = useLabServices(labId);
  const doctors = useDoctors();
  const service = services.data?.items.find((s) => s.id === serviceId);
  const procedure = procedures.data?.items.find((p) => p.id === procedureId);
  const teeth = procedure && procedure.teeth.length ? procedure.teeth.map((x) => x.tooth) : ALL_TEETH;

  const submit = async (values: FormValues) => {
    try {
      const saved = await save.mutateAsync({
        ...values,
        id: order?.id,
        version: order?.version,
        sendDate: values.sendDate ? values.sendDate.format(ISO_DAY) : null,
        expectedDeliveryDate: values.expectedDeliveryDate ? values.expectedDeliveryDate.format(ISO_DAY) : null,
      });
      notify.success(t('order.saved'));
      if (!order) navigate(`/LabOrderDetails/${saved.id}`, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'lab_price_missing') form.setFields([{ name: 'labServiceId', errors: [error.message] }]);
      else handleFormError(form, error);
    }
  };

  const doctorOptions = (doctors.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }));
  if (order?.doctorId && order.doctorName && !doctorOptions.some((o) => o.value === order.doctorId))
    doctorOptions.push({ value: order.doctorId, label: order.doctorName });
  const labOptions = (labs.data?.items ?? []).map((l) => ({ value: l.id, label: l.name }));
  if (order && !labOptions.some((o) => o.value === order.labId)) labOptions.push({ value: order.labId, label: order.labName });
  const patientInitial = order
    ? { id: order.patientId, name: order.patientName, code: order.patientCode }
    : patient.data
      ? { id: patient.data.id, name: patient.data.name, code: patient.data.code }
      : null;

  return (
    <Form<FormValues> form={form} layout="vertical" onFinish={submit} disabled={save.isPending} data-testid="lab-order-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="patientId" label={t('order.patient')} {...zodField(fields.patientId)}>
            <PatientPicker
              key={patientInitial?.id ?? 'none'}
              initial={patientInitial}
              allowClear={false}
              onChange={() => form.setFieldsValue({ patientProcedureId: null, tooth: null })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="patientProcedureId" label={t('order.procedure')} tooltip={t('order.procedureHint')} hidden={!canReadProcedures}>
            <Select<number>
              allowClear
              disabled={!patientId}
              placeholder={t('order.noProcedure')}
              loading={procedures.isFetching}
              options={(procedures.data?.items ?? [])
                .filter((p) => p.status !== 'S5')
                .map((p) => ({ value: p.id, label: procedureOptionLabel(p, numbering) }))}
              onChange={(v) => {
                const chosen = procedures.data?.items.find((p) => p.id === v);
                const first = chosen?.teeth[0]?.tooth;
                if (first) form.setFieldsValue({ tooth: first });
              }}
              data-testid="lab-order-procedure"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="tooth" label={t('order.tooth')} {...zodField(fields.tooth)}>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={teeth.map((n) => ({ value: n, label: toothCode(n, numbering) }))}
              data-testid="lab-order-tooth"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="doctorId" label={t('orders.doctor')}>
            <Select<number> allowClear options={doctorOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="labId" label={t('order.lab')} {...zodField(fields.labId)}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              options={labOptions}
              notFoundContent={t('order.patientNoLabs')}
              onChange={() => form.setFieldsValue({ labServiceId: undefined as never })}
              data-testid="lab-order-lab"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="labServiceId"
            label={t('order.service')}
            {...zodField(fields.labServiceId)}
            extra={
              service ? (
                service.price ? (
                  <span data-testid="lab-order-price">
                    {t('order.price')}: <bdi>{m.money(service.price)}</bdi>
                  </span>
                ) : (
                  <Typography.Text type="warning">{t('order.noPrice')}</Typography.Text>
                )
              ) : null
            }
          >
            <Select<number>
              disabled={!labId}
              placeholder={labId ? undefined : t('order.pickLabFirst')}
              options={(services.data?.items ?? []).map((s) => ({
                value: s.id,
                label: `${serviceName({ serviceNameAr: s.nameAr, serviceNameEn: s.nameEn, serviceNameFr: s.nameFr })}${s.price ? ` — ${m.money(s.price)}` : ''}`,
              }))}
              data-testid="lab-order-service"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="shade" label={t('order.shade')}>
            <Select allowClear options={VITA_SHADES.map((s) => ({ value: s, label: s }))} data-testid="lab-order-shade" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="shapeType" label={t('order.shape')} {...zodField(fields.shapeType)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name="neck" label={t('order.neck')} {...zodField(fields.neck)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name="body" label={t('order.body')} {...zodField(fields.body)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name="incisal" label={t('order.incisal')} {...zodField(fields.incisal)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="sendDate" label={t('order.sendDate')}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="expectedDeliveryDate"
            label={t('order.expectedDate')}
            dependencies={['sendDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value: Dayjs | null) => {
                  const send = getFieldValue('sendDate') as Dayjs | null;
                  if (value && send && value.isBefore(send, 'day')) throw new Error(fieldErrorText('lab_order_delivery_before_send'));
                },
              }),
            ]}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="lab-order-expected" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="notes" label={t('order.notes')} {...zodField(fields.notes)}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="lab-order-save">
        {order ? tc('actions.save') : t('order.save')}
      </Button>
    </Form>
  );
}
