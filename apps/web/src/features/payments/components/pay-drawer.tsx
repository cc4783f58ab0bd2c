import type { StatementProcedure } from '@dental/contract';
import { Alert, Button, Drawer, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField } from '../../../components/day-field';
import { ApiError } from '../../../lib/api';
import { clinicToday } from '../../../lib/clinic-time';
import { ISO_DAY } from '../../../lib/format';
import { handleFormError } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { nameIn } from '../../../lib/local-name';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useActivePaymentTypes, useApplyCredit, useSavePayment } from '../api';
import { amountProblem, compareMoney, sumDecimalText } from '../payments-model';
import { useMoney } from './money';

/** What the drawer takes: a payment for the selected procedures (LT1), on account (LT2), or credit applied. */
export type PayRequest =
  | { kind: 'selected'; procedures: StatementProcedure[] }
  | { kind: 'account' }
  | { kind: 'credit'; procedures: StatementProcedure[]; credit: string };

interface Values {
  amount: string;
  paymentTypeId?: number;
  paidOn: string;
  notes?: string;
}

/**
 * Take a payment. For selected procedures the amount is prefilled with, and capped at, their total remaining (shown);
 * paying several asks first (spec §5: confirmation of paying all selected; the server splits it in the listed order).
 * On account there is no cap. Applying credit is capped at the smaller of the credit and the remaining. The payment
 * type is one of the clinic's active types; the date is the clinic's today by default, never in the future. The
 * server checks every rule again; its max_amount_exceeded comes back on the amount with the maximum it allows.
 */
export function PayDrawer({
  patientId,
  request,
  onClose,
  onDone,
}: {
  patientId: number;
  request: PayRequest | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const session = useSession();
  const timeZone = session?.user.timeZone ?? 'UTC';
  const m = useMoney();
  const [form] = Form.useForm<Values>();
  const [modal, holder] = Modal.useModal();
  const types = useActivePaymentTypes();
  const save = useSavePayment();
  const apply = useApplyCredit();
  const open = request !== null;
  const procedures = request && request.kind !== 'account' ? request.procedures : [];
  const today = clinicToday(timeZone);

  /** The most this drawer accepts: the procedures' remaining (and the credit for credit); none on account. */
  const max = useMemo(() => {
    if (!request || request.kind === 'account') return null;
    const remaining = sumDecimalText(request.procedures.map((p) => p.remaining), m.decimals);
    if (request.kind === 'credit' && (compareMoney(request.credit, remaining) ?? 1) < 0) return sumDecimalText([request.credit], m.decimals);
    return remaining;
  }, [request, m.decimals]);

  const defaultType = types.data?.items.find((x) => x.isDefault)?.id ?? types.data?.items[0]?.id;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ amount: max ?? '', paidOn: clinicToday(timeZone), paymentTypeId: defaultType, notes: undefined });
  }, [open, request, max, form, timeZone, defaultType]);

  const validateAmount = async (_: unknown, value: string) => {
    const problem = amountProblem(value, max ?? '99999999999', m.decimals);
    if (problem === 'max') throw new Error(t('pay.maxExceeded', { amount: m.money(max) }));
    if (problem) throw new Error(t(`pay.${problem}`));
  };

  const onError = (error: unknown) => {
    if (error instanceof ApiError && (error.code === 'max_amount_exceeded' || error.code === 'credit_balance_insufficient')) {
      const maximum = error.body.data?.maximum;
      form.setFields([{ name: 'amount', errors: [maximum ? `${error.message}: ${m.money(maximum)}` : error.message] }]);
      return;
    }
    if (error instanceof ApiError && error.code === 'payment_minimum') {
      form.setFields([{ name: 'amount', errors: [error.message] }]);
      return;
    }
    handleFormError(form, error);
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onDone();
  };

  const submit = async (v: Values) => {
    if (!request) return;
    const amount = v.amount.trim();
    try {
      if (request.kind === 'credit') {
        await apply.mutateAsync({ patientId, procedureIds: procedures.map((p) => p.id), amount });
        notify.success(t('pay.applied'));
      } else {
        const saved = await save.mutateAsync({
          patientId,
          ledgerType: request.kind === 'account' ? 'LT2' : 'LT1',
          procedureIds: request.kind === 'selected' ? procedures.map((p) => p.id) : undefined,
          amount,
          paymentTypeId: v.paymentTypeId!,
          branchId: session?.branchId ?? 0,
          paidOn: v.paidOn,
          notes: v.notes?.trim() || undefined,
        });
        notify.success(t('pay.saved', { receipt: saved.receiptNo }));
      }
      onDone();
    } catch (error) {
      onError(error);
    }
  };

  const onFinish = (v: Values) => {
    if (request?.kind !== 'account' && procedures.length > 1) {
      void modal.confirm({
        title: t('pay.confirmAllTitle'),
        content: t('pay.confirmAll', { amount: m.money(v.amount.trim()), count: procedures.length }),
        okText: tc('actions.confirm'),
        cancelText: tc('actions.cancel'),
        onOk: () => submit(v),
      });
    } else void submit(v);
  };

  const title =
    request?.kind === 'credit' ? t('pay.titleCredit') : request?.kind === 'account' ? t('pay.titleAccount') : t('pay.titleSelected');
  const busy = save.isPending || apply.isPending;
  const noTypes = types.isSuccess && types.data.items.length === 0;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size="default"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      data-testid="pay-drawer"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="pay-save" disabled={request?.kind !== 'credit' && noTypes}>
            {request?.kind === 'credit' ? t('pay.apply') : t('pay.save')}
          </Button>
        </Flex>
      }
    >
      {holder}
      {procedures.length > 0 && (
        <Typography.Paragraph type="secondary" data-testid="pay-procedures">
          {t('pay.procedures', { names: procedures.map((p) => m.procedure(p)).join('، ') })}
        </Typography.Paragraph>
      )}
      {request?.kind === 'credit' && (
        <Alert type="info" showIcon style={{ marginBlockEnd: 12 }} message={t('pay.available', { amount: m.money(request.credit) })} />
      )}
      {noTypes && request?.kind !== 'credit' && <Alert type="warning" showIcon style={{ marginBlockEnd: 12 }} message={t('pay.noTypes')} />}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark>
        <Form.Item
          name="amount"
          label={t('pay.amount')}
          required
          rules={[{ validator: validateAmount }]}
          extra={max !== null ? <span data-testid="pay-max">{t('pay.max', { amount: m.money(max) })}</span> : undefined}
        >
          <Input inputMode="decimal" dir="ltr" suffix={m.currency} autoComplete="off" data-testid="pay-amount" />
        </Form.Item>
        {request?.kind !== 'credit' && (
          <>
            <Form.Item name="paymentTypeId" label={t('pay.type')} rules={[{ required: true, message: fieldErrorText('field_required') }]}>
              <Select
                loading={types.isLoading}
                data-testid="pay-type"
                options={(types.data?.items ?? []).map((x) => ({ value: x.id, label: nameIn(m.language, x.nameAr, x.nameEn, x.nameFr) }))}
              />
            </Form.Item>
            <DayField
              name="paidOn"
              label={t('pay.date')}
              rules={[{ required: true, message: fieldErrorText('field_required') }]}
              pickerProps={{ allowClear: false, disabledDate: (d) => d.format(ISO_DAY) > today, maxDate: dayjs(today, ISO_DAY) }}
            />
            <Form.Item name="notes" label={t('pay.notes')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </>
        )}
      </Form>
    </Drawer>
  );
}
