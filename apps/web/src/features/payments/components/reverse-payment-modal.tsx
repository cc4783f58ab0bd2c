import type { PaymentItem } from '@dental/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { handleFormError } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useReversePayment } from '../api';
import { useMoney } from './money';

/**
 * "Delete payment" (spec §5 asks for a confirmation): a reversal with a required reason; the payment stays in the
 * list and the ledger, struck through, with who, when and why. A 409 (already reversed) or 404 shows the server's
 * message and reloads.
 */
export function ReversePaymentModal({ payment, onClose, onDone }: { payment: PaymentItem | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('payments');
  const m = useMoney();
  const [form] = Form.useForm<{ reason: string }>();
  const reverse = useReversePayment();
  useEffect(() => {
    if (payment) form.resetFields();
  }, [payment, form]);

  const submit = async ({ reason }: { reason: string }) => {
    if (!payment) return;
    try {
      await reverse.mutateAsync({ id: payment.id, reason: reason.trim() });
      notify.success(t('reverse.done'));
      onDone();
    } catch (error) {
      handleFormError(form, error);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onDone();
    }
  };

  return (
    <Modal
      open={payment !== null}
      title={payment ? t('reverse.title', { receipt: payment.receiptNo }) : ''}
      okText={t('reverse.ok')}
      okButtonProps={{ danger: true, loading: reverse.isPending, id: 'reverse-ok' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="reverse-modal"
    >
      <Typography.Paragraph>{payment ? t('reverse.body', { amount: m.money(payment.amount) }) : ''}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('reverse.reason')}
          rules={[{ required: true, whitespace: true, message: t('reverse.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} autoFocus data-testid="reverse-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
