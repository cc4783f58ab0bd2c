import { FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import type { PatientProcedureItem, ProcedureTotals } from '@dental/contract';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PatientStatementDocument, usePatientStatement } from '../../print/documents/patient-statement';
import { usePrintWhenReady } from '../../print/print-when-ready';
import { TreatmentPlanPrint } from './treatment-plan-print';

/**
 * The procedures tab's printed documents: the treatment plan (planned procedures) and the patient's statement
 * (GetPatientProcedurePrinting, loaded when asked for). The chosen one is mounted, so it is what prints (also with
 * the browser's own print command); the plan by default.
 */
export function ProceduresPrint({
  patientId,
  planned,
  totals,
}: {
  patientId: number;
  planned: PatientProcedureItem[];
  totals: ProcedureTotals | undefined;
}) {
  const { t } = useTranslation('patient-procedures');
  const { t: tp } = useTranslation('print');
  const [doc, setDoc] = useState<'plan' | 'statement'>('plan');
  const [pending, setPending] = useState(false);
  const statement = usePatientStatement(patientId, doc === 'statement');
  const ready = doc === 'plan' || (!!statement.data && !statement.isFetching);
  usePrintWhenReady(pending, ready, useCallback(() => setPending(false), []));
  const print = (which: 'plan' | 'statement') => {
    setDoc(which);
    setPending(true);
  };
  return (
    <>
      <Button icon={<PrinterOutlined />} onClick={() => print('plan')} disabled={!totals?.count}>
        {t('tab.printPlan')}
      </Button>
      <Button icon={<FileTextOutlined />} onClick={() => print('statement')} loading={pending && !ready}>
        {tp('statement.print')}
      </Button>
      {doc === 'plan' ? (
        <TreatmentPlanPrint patientId={patientId} items={planned} totals={totals} />
      ) : (
        statement.data && <PatientStatementDocument statement={statement.data} />
      )}
    </>
  );
}
