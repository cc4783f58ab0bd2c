import { CreditCardOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';
import type { PaymentItem } from '@dental/contract';
import { Button, Card, Flex, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useCan } from '../../../lib/permissions';
import { PAYMENTS_WRITE_KEYS, usePatientPayments, usePayableProcedures } from '../api';
import { BalanceSummary } from '../components/balance-summary';
import { useMoney } from '../components/money';
import { PayableTable } from '../components/payable-table';
import { PayDrawer, type PayRequest } from '../components/pay-drawer';
import { PaymentsTable } from '../components/payments-table';
import { PlansSection } from '../components/plans-section';
import { ReceiptPrint } from '../components/receipt-print';
import { ReversePaymentModal } from '../components/reverse-payment-modal';
import { isPositive, sumDecimalText } from '../payments-model';
import '../payments.css';

/**
 * Tab 9 of the patient file (/Patient/<id>/9): the patient's balance, the procedures with paid and remaining (select
 * one or several and pay them, or apply the patient's credit to them), payments on account, the payments list with
 * receipts and reversals, and the instalment plans. Actions need the write keys (the server checks them too).
 */
export default function PaymentsTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const m = useMoney();
  const canWrite = useCan(PAYMENTS_WRITE_KEYS);
  const procedures = usePayableProcedures(patientId);
  const summary = procedures.data?.summary;
  const payments = usePatientPayments(patientId);
  const [selected, setSelected] = useState<number[]>([]);
  const [paying, setPaying] = useState<PayRequest | null>(null);
  const [reversing, setReversing] = useState<PaymentItem | null>(null);
  const [printing, setPrinting] = useState<PaymentItem | null>(null);

  const items = useMemo(() => procedures.data?.items ?? [], [procedures.data]);
  // the procedures tab's pay action: this procedure selected and its payment drawer open
  const location = useLocation();
  const payFor = (location.state as { pay?: number } | null)?.pay;
  useEffect(() => {
    const item = payFor !== undefined ? items.find((i) => i.id === payFor && isPositive(i.remaining)) : undefined;
    if (!item || !canWrite) return;
    setSelected([item.id]);
    setPaying({ kind: 'selected', procedures: [item] });
    navigate(location.pathname, { replace: true, state: null });
  }, [payFor, items, canWrite, navigate, location.pathname]);
  const chosen = useMemo(() => items.filter((i) => selected.includes(i.id) && isPositive(i.remaining)), [items, selected]);
  const credit = summary?.credit ?? '0';
  const reload = () => {
    setSelected([]);
    void procedures.refetch();
    void payments.refetch();
  };
  const done = () => {
    setPaying(null);
    setReversing(null);
    reload();
  };

  if (procedures.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (procedures.isError)
    return (
      <EmptyState description={tc('error.subtitle')}>
        <Button onClick={reload}>{tc('actions.reload')}</Button>
      </EmptyState>
    );

  return (
    <Flex vertical gap={16} data-testid="payments-tab">
      {summary && <BalanceSummary summary={summary} />}

      <Card
        size="small"
        title={t('tab.procedures')}
        extra={
          <Button type="link" size="small" onClick={() => navigate(`/Patient/${patientId}/10`, { replace: true })} data-testid="open-ledger">
            {t('tab.ledger')}
          </Button>
        }
      >
        <Flex vertical gap={8}>
          {canWrite && (
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text type="secondary">
                {chosen.length ? t('pay.max', { amount: m.money(sumDecimalText(chosen.map((c) => c.remaining), m.decimals)) }) : t('tab.proceduresHint')}
              </Typography.Text>
              <Space wrap>
                <Button
                  type="primary"
                  icon={<CreditCardOutlined />}
                  disabled={chosen.length === 0}
                  onClick={() => setPaying({ kind: 'selected', procedures: chosen })}
                  data-testid="pay-selected"
                >
                  {t('tab.paySelected', { count: chosen.length })}
                </Button>
                {isPositive(credit) && (
                  <Button
                    icon={<SwapOutlined />}
                    disabled={chosen.length === 0}
                    onClick={() => setPaying({ kind: 'credit', procedures: chosen, credit })}
                    data-testid="apply-credit"
                  >
                    {t('tab.applyCredit')}
                  </Button>
                )}
                <Button icon={<WalletOutlined />} onClick={() => setPaying({ kind: 'account' })} data-testid="pay-account">
                  {t('tab.payOnAccount')}
                </Button>
              </Space>
            </Flex>
          )}
          {items.length === 0 ? (
            <EmptyState compact description={t('tab.noProcedures')} />
          ) : (
            <PayableTable items={items} selected={selected} onSelect={setSelected} selectable={canWrite} />
          )}
        </Flex>
      </Card>

      <Card size="small" title={t('tab.payments')}>
        {payments.data && payments.data.items.length === 0 ? (
          <EmptyState compact description={t('tab.noPayments')} />
        ) : (
          <PaymentsTable
            items={payments.data?.items ?? []}
            loading={payments.isFetching}
            canWrite={canWrite}
            onReverse={setReversing}
            onPrint={setPrinting}
          />
        )}
      </Card>

      <PlansSection patientId={patientId} canWrite={canWrite} />

      <PayDrawer patientId={patientId} request={paying} onClose={() => setPaying(null)} onDone={done} />
      <ReversePaymentModal payment={reversing} onClose={() => setReversing(null)} onDone={done} />
      {printing && <ReceiptPrint payment={printing} patientId={patientId} onClose={() => setPrinting(null)} />}
    </Flex>
  );
}
