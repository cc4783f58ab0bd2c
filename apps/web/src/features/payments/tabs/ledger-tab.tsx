import { HistoryOutlined, PrinterOutlined } from '@ant-design/icons';
import { type Language, type LedgerEntry, documentCalls } from '@dental/contract';
import type { TFunction } from 'i18next';
import { Button, Flex, Grid, Skeleton, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatWallDate } from '../../../lib/clinic-time';
import { nameIn } from '../../../lib/local-name';
import { userCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { usePatientHeader } from '../../patients/api';
import { DownloadPdfButton } from '../../print/download-pdf';
import { type PrintDoc, usePrintDoc } from '../../print/print-context';
import { MONEY_HISTORY_KEYS, usePatientLedger } from '../api';
import { BalanceSummary } from '../components/balance-summary';
import { MoneyHistoryDrawer } from '../components/money-history-drawer';
import { useMoney } from '../components/money';
import { PrintPreview } from '../components/print-document';
import { isPositive } from '../payments-model';
import '../payments.css';

const KIND_LABEL = { charge: 'ledger.kind.charge', payment: 'ledger.kind.payment', reversal: 'ledger.kind.reversal', credit_applied: 'ledger.kind.credit' } as const;

/**
 * What a ledger line is, in a language: its kind, then the procedure (charge, credit applied) or the receipt (payment,
 * reversal).
 */
const describe = (t: TFunction, language: Language) => (r: LedgerEntry) =>
  [
    t(KIND_LABEL[r.kind]),
    r.procedureNameAr || r.procedureNameEn ? nameIn(language, r.procedureNameAr ?? '', r.procedureNameEn ?? '', r.procedureNameFr) : null,
    r.receiptNo !== null ? t('ledger.receipt', { receipt: r.receiptNo }) : null,
    r.kind === 'payment' && r.ledgerType === 'LT2' ? t('state.onAccount') : null,
    r.notes,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Tab 10 of the patient file (/Patient/<id>/10), the "patient ledger" screen (spec §2): every charge, payment,
 * reversal and credit applied, in date order, with the running balance of what the patient owes, as the server
 * computes it; printable (day/month/year). A user with the money history's key (the owner's) opens the patient's
 * money history from here.
 */
export default function LedgerTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const m = useMoney();
  const describeLine = describe(t, m.language);
  const ledger = usePatientLedger(patientId);
  const patient = usePatientHeader(patientId).data;
  const [printing, setPrinting] = useState(false);
  const [history, setHistory] = useState(false);
  // the call's key, and the owner only, as the service narrows it (a manager with the key would get 403)
  const user = useSession()?.user;
  const mayReadHistory = userCan(user, MONEY_HISTORY_KEYS) && user?.userRole === 'RL1';
  const phone = !Grid.useBreakpoint().sm;

  if (ledger.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (ledger.isError || !ledger.data)
    return (
      <EmptyState description={tc('error.subtitle')}>
        <Button onClick={() => void ledger.refetch()}>{tc('actions.reload')}</Button>
      </EmptyState>
    );
  const { items, summary } = ledger.data;
  const amount = (v: string) => (isPositive(v) ? m.money(v) : '');

  // a phone gets three columns: what (with its day under it), the amount (a charge +, a payment −) and the balance
  const columns: TableProps<LedgerEntry>['columns'] = phone
    ? [
        {
          key: 'description',
          title: t('columns.description'),
          render: (_, r) => (
            <Flex vertical>
              <span data-testid="ledger-description">{describeLine(r)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatWallDate(r.date)}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'amount',
          title: t('columns.amount'),
          align: 'end', className: 'pay-num',
          render: (_, r) => <bdi dir="ltr">{isPositive(r.debit) ? `+${m.money(r.debit)}` : isPositive(r.credit) ? `−${m.money(r.credit)}` : ''}</bdi>,
        },
        { key: 'balance', title: t('columns.balance'), align: 'end', className: 'pay-num', render: (_, r) => <strong data-testid="ledger-balance">{m.money(r.runningBalance)}</strong> },
      ]
    : [
        { key: 'date', title: t('columns.date'), render: (_, r) => formatWallDate(r.date) },
        { key: 'description', title: t('columns.description'), render: (_, r) => <span data-testid="ledger-description">{describeLine(r)}</span> },
        { key: 'debit', title: t('columns.debit'), align: 'end', className: 'pay-num', render: (_, r) => amount(r.debit) },
        { key: 'credit', title: t('columns.creditCol'), align: 'end', className: 'pay-num', render: (_, r) => amount(r.credit) },
        { key: 'balance', title: t('columns.balance'), align: 'end', className: 'pay-num', render: (_, r) => <strong data-testid="ledger-balance">{m.money(r.runningBalance)}</strong> },
      ];

  return (
    <Flex vertical gap={16} data-testid="ledger-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('ledger.title')}
        </Typography.Title>
        <Space wrap>
          <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} disabled={items.length === 0} data-testid="print-ledger">
            {t('ledger.print')}
          </Button>
          <DownloadPdfButton call={documentCalls.getPatientStatementPdf} input={{ patientId }} fileName={`statement-${patientId}.pdf`} />
          {mayReadHistory && (
            <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="money-history">
              {t('history.open')}
            </Button>
          )}
        </Space>
      </Flex>
      <BalanceSummary summary={summary} compact />
      {items.length === 0 ? (
        <EmptyState compact description={t('ledger.empty')} />
      ) : (
        <>
          <Table<LedgerEntry>
            rowKey={(_, i) => String(i)}
            size="small"
            columns={columns}
            dataSource={items}
            pagination={false}
            scroll={phone ? undefined : { x: 'max-content' }}
            data-testid="ledger-table"
          />
          <Typography.Text type="secondary">{t('ledger.hint')}</Typography.Text>
        </>
      )}
      {mayReadHistory && <MoneyHistoryDrawer patientId={patientId} open={history} onClose={() => setHistory(false)} />}
      {printing && (
        <PrintPreview
          type="statement"
          onClose={() => setPrinting(false)}
          title={(doc) => doc.t('payments')('ledger.title')}
          meta={(doc) => [
            ...(patient ? [{ label: doc.t('payments')('columns.patient'), value: `${patient.name} (${patient.code})` }] : []),
            { label: doc.t('payments')('columns.date'), value: doc.date(new Date()) },
          ]}
        >
          <LedgerPrintBody items={items} />
        </PrintPreview>
      )}
    </Flex>
  );
}

/** The ledger as printed (document type statement), in the document's language. */
function LedgerPrintBody({ items }: { items: LedgerEntry[] }) {
  const doc: PrintDoc = usePrintDoc();
  const t = doc.t('payments');
  const currency = useSession()?.user.currency ?? '';
  const line = describe(t, doc.language);
  const money = (v: string | undefined) => <bdi>{doc.money(v, currency)}</bdi>;
  const amount = (v: string) => (isPositive(v) ? money(v) : '');
  return (
    <table className="print-table">
      <thead>
        <tr>
          <th>{t('columns.date')}</th>
          <th>{t('columns.description')}</th>
          <th className="num">{t('columns.debit')}</th>
          <th className="num">{t('columns.creditCol')}</th>
          <th className="num">{t('columns.balance')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((r, i) => (
          <tr key={i}>
            <td>{formatWallDate(r.date)}</td>
            <td>{line(r)}</td>
            <td className="num">{amount(r.debit)}</td>
            <td className="num">{amount(r.credit)}</td>
            <td className="num">{money(r.runningBalance)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={4}>{t('ledger.closing')}</th>
          <th className="num">{money(items.at(-1)?.runningBalance)}</th>
        </tr>
      </tfoot>
    </table>
  );
}
