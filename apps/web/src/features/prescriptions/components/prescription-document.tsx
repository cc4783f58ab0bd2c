import type { Language, PrescriptionDrugItem } from '@dental/contract';
import { useMemo } from 'react';
import { PatientName, PrintDocument } from '../../print/print-document';
import { usePrintDoc } from '../../print/print-context';
import type { Letterhead, PrintLayoutSettings } from '../../print/print-model';
import { instructionParts } from '../prescription-model';
import '../prescriptions.css';

/** What a printed prescription shows: the staff's document (GetPatientPrescriptionDoc) and the public page's read. */
export interface RxPaper {
  clinicName: string;
  branchName: string;
  branchAddress: string | null;
  branchPhone: string | null;
  doctorName: string;
  patientName: string;
  patientCode?: string;
  age?: number | null;
  date: string;
  diagnosis?: string | null;
  notes?: string | null;
  drugs: Array<Omit<PrescriptionDrugItem, 'id' | 'productId'>>;
  draft?: boolean;
}

interface Props {
  paper: RxPaper;
  preview?: boolean;
  printable?: boolean;
  /** The print settings (the public page: the clinic's default prescription settings its answer carries). */
  settings?: PrintLayoutSettings;
  language?: Language;
  patientLanguage?: string | null;
  /** The public page names every part of the letterhead itself (no clinic session there). */
  logoUrl?: string | null;
}

/**
 * A prescription on the shared print layout (document type prescription, A5 by default): the clinic and branch at
 * the top, then patient, age, date and doctor, diagnosis, the numbered drugs with how to take them, notes, and the
 * doctor's name over the signature line. A draft is marked as not valid.
 */
export function PrescriptionDocument({ paper, preview = false, printable = true, settings, language, patientLanguage, logoUrl }: Props) {
  const letterhead = useMemo<Partial<Letterhead>>(
    () => ({
      clinicName: paper.clinicName,
      branchName: paper.branchName,
      branchAddress: paper.branchAddress,
      phones: paper.branchPhone ? [paper.branchPhone] : [],
      ...(logoUrl !== undefined ? { logoUrl, taxNo: null, commercialRegistrationNo: null } : {}),
    }),
    [paper, logoUrl],
  );
  return (
    <PrintDocument
      type="prescription"
      settings={settings}
      language={language}
      patientLanguage={patientLanguage}
      letterhead={letterhead}
      preview={preview}
      printable={printable}
      title={(doc) => doc.t('prescriptions')('doc.title')}
      meta={(doc) => {
        const t = doc.t('prescriptions');
        return [
          { label: t('doc.patient'), value: <PatientName name={paper.patientName} code={paper.patientCode} /> },
          ...(paper.age != null ? [{ label: t('doc.age'), value: t('doc.ageYears', { count: paper.age }) }] : []),
          { label: t('doc.date'), value: <bdi data-testid="rx-date">{doc.date(paper.date)}</bdi> },
          { label: t('doc.doctor'), value: <bdi>{paper.doctorName}</bdi> },
        ];
      }}
    >
      <PrescriptionBody paper={paper} />
    </PrintDocument>
  );
}

function PrescriptionBody({ paper }: { paper: RxPaper }) {
  const doc = usePrintDoc();
  const t = doc.t('prescriptions');
  return (
    <>
      {paper.draft && <div className="rx-draft">{t('doc.draft')}</div>}
      {paper.diagnosis && (
        <p className="rx-section">
          <strong>{t('doc.diagnosis')}:</strong>
          <bdi>{paper.diagnosis}</bdi>
        </p>
      )}
      <div className="rx-symbol" dir="ltr" aria-hidden>
        ℞
      </div>
      <ol className="rx-drugs" data-testid="rx-drugs">
        {paper.drugs.map((d, i) => {
          const how = instructionParts(d, t);
          return (
            <li key={i}>
              <bdi className="rx-drug-name">{d.drugName}</bdi>
              {how.length > 0 && (
                // each part isolated: a Latin dosage ("1 capsule") keeps its order inside an Arabic line
                <span className="rx-drug-how">
                  {how.map((part, j) => (
                    <span key={j}>
                      {j > 0 && ' · '}
                      <bdi>{part}</bdi>
                    </span>
                  ))}
                </span>
              )}
              {d.notes && (
                <span className="rx-drug-notes">
                  <bdi>{d.notes}</bdi>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {paper.notes && (
        <p className="rx-section">
          <strong>{t('doc.notes')}:</strong>
          <span style={{ whiteSpace: 'pre-wrap' }}>{paper.notes}</span>
        </p>
      )}
      <div className="rx-doctor">
        <bdi>{paper.doctorName}</bdi>
      </div>
    </>
  );
}
