import type { PatientProcedureItem, ProcedureTotals } from '@dental/contract';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePatientHeader } from '../../patients/api';
import { teethText } from '../procedure-model';
import { useProcedureFormat } from './procedure-ui';

/**
 * The treatment plan as printed (the "print treatment plan" button uses the browser's print): hidden on screen;
 * in print it alone is shown (patient-procedures.css): clinic name, patient, the planned (S1) procedures, totals.
 * It lives directly in <body> (a portal) so print can hide everything else, whatever the shell around the tab.
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
  const { t } = useTranslation('patient-procedures');
  const session = useSession();
  const numbering = session?.user.toothNumberingSystem ?? 'FDI';
  const patient = usePatientHeader(patientId);
  const f = useProcedureFormat();
  return createPortal(
    <div className="pp-print-plan" aria-hidden>
      <header className="pp-print-head">
        <h1>{session?.user.clinicDisplayName || session?.user.clinicName}</h1>
        <h2>{t('print.title')}</h2>
        <p>
          {patient.data ? `${patient.data.name} (${patient.data.code})` : ''} · {t('print.date', { date: formatDate(new Date()) })}
        </p>
      </header>
      <table className="pp-print-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('columns.procedure')}</th>
            <th>{t('columns.teeth')}</th>
            <th>{t('columns.doctor')}</th>
            <th>{t('columns.price')}</th>
            <th>{t('columns.discount')}</th>
            <th>{t('columns.net')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p, i) => (
            <tr key={p.id}>
              <td>{i + 1}</td>
              <td>
                {f.name(p)}
                {p.procedureCode ? ` (${p.procedureCode})` : ''}
              </td>
              <td>
                <bdi dir="ltr">{teethText(p.teeth, numbering)}</bdi>
              </td>
              <td>{p.doctorName}</td>
              <td>
                <bdi>{f.money(p.price)}</bdi>
              </td>
              <td>
                <bdi>{f.money(p.discount)}</bdi>
              </td>
              <td>
                <bdi>{f.money(p.net)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>
              <th colSpan={4}>{t('print.total', { count: totals.count })}</th>
              <th>
                <bdi>{f.money(totals.price)}</bdi>
              </th>
              <th>
                <bdi>{f.money(totals.discount)}</bdi>
              </th>
              <th>
                <bdi>{f.money(totals.net)}</bdi>
              </th>
            </tr>
          </tfoot>
        )}
      </table>
    </div>,
    document.body,
  );
}
