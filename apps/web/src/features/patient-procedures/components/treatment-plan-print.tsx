import type { PatientProcedureItem, ProcedureTotals } from '@dental/contract';
import { useSession } from '../../../lib/session';
import { usePatientHeader } from '../../patients/api';
import { PatientName, PrintDocument } from '../../print/print-document';
import { usePrintDoc } from '../../print/print-context';
import { shows } from '../../print/print-model';
import { procedureName, teethText } from '../procedure-model';

/**
 * The treatment plan as printed (the "print treatment plan" button uses the browser's print), on the shared print
 * layout (document type treatment_plan: the clinic's print settings, letterhead, language): the patient, the planned
 * (S1) procedures and their totals. Hidden on screen; while the procedures tab is open it is what prints.
 */
export function TreatmentPlanPrint({
  patientId,
  items,
  totals,
}: {
  patientId: number;
  items: PatientProcedureItem[];
  totals: ProcedureTotals | undefined;
}) {
  const patient = usePatientHeader(patientId);
  return (
    <PrintDocument
      type="treatment_plan"
      title={(doc) => doc.t('patient-procedures')('print.title')}
      meta={(doc) => {
        const t = doc.t('patient-procedures');
        return [
          ...(patient.data && shows(doc.settings, 'patientDetails')
            ? [{ label: t('columns.patient'), value: <PatientName name={patient.data.name} code={patient.data.code} /> }]
            : []),
          { label: t('columns.date'), value: doc.date(new Date()) },
        ];
      }}
    >
      <PlanTable items={items} totals={totals} />
    </PrintDocument>
  );
}

function PlanTable({ items, totals }: { items: PatientProcedureItem[]; totals: ProcedureTotals | undefined }) {
  const doc = usePrintDoc();
  const t = doc.t('patient-procedures');
  const session = useSession();
  const numbering = session?.user.toothNumberingSystem ?? 'FDI';
  const currency = session?.user.currency ?? '';
  const money = (v: string) => <bdi>{doc.money(v, currency)}</bdi>;
  const teeth = shows(doc.settings, 'teeth');
  const doctor = shows(doc.settings, 'doctor');
  const span = 2 + (teeth ? 1 : 0) + (doctor ? 1 : 0);
  return (
    <table className="print-table">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('columns.procedure')}</th>
          {teeth && <th>{t('columns.teeth')}</th>}
          {doctor && <th>{t('columns.doctor')}</th>}
          <th className="num">{t('columns.price')}</th>
          <th className="num">{t('columns.discount')}</th>
          <th className="num">{t('columns.net')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((p, i) => (
          <tr key={p.id}>
            <td>{i + 1}</td>
            <td>
              {procedureName(p, doc.language)}
              {p.procedureCode ? ` (${p.procedureCode})` : ''}
            </td>
            {teeth && (
              <td>
                <bdi dir="ltr">{teethText(p.teeth, numbering)}</bdi>
              </td>
            )}
            {doctor && <td>{p.doctorName}</td>}
            <td className="num">{money(p.price)}</td>
            <td className="num">{money(p.discount)}</td>
            <td className="num">{money(p.net)}</td>
          </tr>
        ))}
      </tbody>
      {totals && (
        <tfoot>
          <tr>
            <th colSpan={span}>{t('print.total', { count: totals.count })}</th>
            <th className="num">{money(totals.price)}</th>
            <th className="num">{money(totals.discount)}</th>
            <th className="num">{money(totals.net)}</th>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
