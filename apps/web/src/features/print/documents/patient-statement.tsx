import { type PatientProcedurePrintingOutput, paymentsCalls } from '@dental/contract';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { procedureName, teethText } from '../../patient-procedures/procedure-model';
import { PatientName, PrintDocument } from '../print-document';
import { usePrintDoc } from '../print-context';
import { shows } from '../print-model';

const hasAmount = (v: string) => /[1-9]/.test(v);
/** The balance is negative when the patient owes, positive when the clinic holds their money. */
const balanceKey = (balance: string) =>
  !hasAmount(balance) ? 'statement.balance' : balance.startsWith('-') ? 'statement.balanceOwed' : 'statement.balanceHeld';

export const usePatientStatement = (patientId: number, enabled = true) =>
  useCall(paymentsCalls.getPatientProcedurePrinting, { patientId }, { enabled });

/**
 * A patient's procedures statement (PatientProcedure/GetPatientProcedurePrinting) on the shared print layout, document
 * type statement: every procedure not cancelled with its price, discount, insurance share, patient share, paid and
 * remaining, then the balance. Renders nothing until the data is there; `preview` also shows it on screen.
 */
export function PatientStatementDocument({
  statement,
  preview = false,
}: {
  statement: PatientProcedurePrintingOutput;
  preview?: boolean;
}) {
  return (
    <PrintDocument
      type="statement"
      preview={preview}
      title={(doc) => doc.t('print')('statement.title')}
      meta={(doc) => {
        const t = doc.t('print');
        const p = statement.patient;
        return [
          ...(shows(doc.settings, 'patientDetails') ? [{ label: t('statement.patient'), value: <PatientName name={p.name} code={p.code} /> }] : []),
          { label: t('statement.date'), value: doc.date(new Date()) },
        ];
      }}
    >
      <StatementBody statement={statement} />
    </PrintDocument>
  );
}

function StatementBody({ statement }: { statement: PatientProcedurePrintingOutput }) {
  const doc = usePrintDoc();
  const t = doc.t('print');
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const { summary } = statement;
  const money = (v: string) => <bdi>{doc.money(v, summary.currency)}</bdi>;
  const amount = (v: string) => <bdi>{doc.amount(v, summary.currency)}</bdi>;
  const teeth = shows(doc.settings, 'teeth');
  const doctor = shows(doc.settings, 'doctor');
  const insured = statement.items.some((i) => hasAmount(i.insuranceShare));
  const rows: [string, string][] = [
    ['statement.patientShare', summary.patientShare],
    ['statement.paid', summary.paid],
    ['statement.remaining', summary.remaining],
    ...(hasAmount(summary.planned)
      ? ([
          ['statement.planned', summary.planned],
          ['statement.plannedPaid', summary.plannedPaid],
        ] as [string, string][])
      : []),
    ...(hasAmount(summary.credit) ? ([['statement.credit', summary.credit]] as [string, string][]) : []),
  ];
  return (
    <>
      <p className="print-note">{t('statement.amountsIn', { currency: summary.currency })}</p>
      <table className="print-table">
        <thead>
          <tr>
            <th>{t('statement.date')}</th>
            <th>{t('statement.procedure')}</th>
            {teeth && <th>{t('statement.teeth')}</th>}
            {doctor && <th>{t('statement.doctor')}</th>}
            <th className="num">{t('statement.price')}</th>
            <th className="num">{t('statement.discount')}</th>
            {insured && <th className="num">{t('statement.insurance')}</th>}
            <th className="num">{t('statement.patientShare')}</th>
            <th className="num">{t('statement.paid')}</th>
            <th className="num">{t('statement.remaining')}</th>
          </tr>
        </thead>
        <tbody>
          {statement.items.map((p) => (
            <tr key={p.id}>
              <td>
                <bdi>{doc.date(p.date)}</bdi>
              </td>
              <td>
                {procedureName(p, doc.language)}
                {p.status === 'S1' && <div className="print-note">{t('statement.plannedNote')}</div>}
              </td>
              {teeth && (
                <td>
                  <bdi dir="ltr">{teethText(p.teeth, numbering)}</bdi>
                </td>
              )}
              {doctor && <td>{p.doctorName}</td>}
              <td className="num">{amount(p.price)}</td>
              <td className="num">{amount(p.discount)}</td>
              {insured && <td className="num">{amount(p.insuranceShare)}</td>}
              <td className="num">{amount(p.patientShare)}</td>
              <td className="num">{amount(p.paid)}</td>
              <td className="num">{amount(p.remaining)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="print-totals">
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th>{t(key)}</th>
              <td>{money(value)}</td>
            </tr>
          ))}
          <tr className="grand">
            <th>{t(balanceKey(summary.balance))}</th>
            <td data-testid="statement-balance">{money(summary.balance.replace(/^-/, ''))}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}
