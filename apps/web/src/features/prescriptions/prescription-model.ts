import type {
  DrugMealTiming,
  PrescriptionDoc,
  PrescriptionDrugInput,
  PrescriptionDrugItem,
  PrescriptionTemplate,
} from '@dental/contract';
import type { TFunction } from 'i18next';

/**
 * The prescription pages' model (no React): a drug line as the form holds it, the save input built from the form,
 * a template's lines as new lines, and a line's instructions as one sentence (printed and on the public page).
 */

/** A drug line in the form: `productId` is set when the name was picked from the clinic's list (cleared when retyped). */
export interface DrugLineValues {
  id?: number;
  productId?: number | null;
  drugName?: string;
  dosage?: string | null;
  duration?: string | null;
  timesPerDay?: number | null;
  mealTiming: DrugMealTiming;
  repeat: number;
  notes?: string | null;
}

export const emptyLine = (): DrugLineValues => ({ mealTiming: 'any', repeat: 0 });

/** A saved line (of a prescription or a template) in the form; `keepIds` false makes it a new line (template, copy). */
export function lineOf(item: PrescriptionDrugItem, keepIds = true): DrugLineValues {
  return {
    ...(keepIds ? { id: item.id } : {}),
    productId: item.productId,
    drugName: item.drugName,
    dosage: item.dosage,
    duration: item.duration,
    timesPerDay: item.timesPerDay,
    mealTiming: item.mealTiming,
    repeat: item.repeat,
    notes: item.notes,
  };
}

const blank = (v: string | null | undefined) => v == null || v.trim() === '';

/** A line nobody filled in (no drug named): left out of a save rather than refused. */
export const isEmptyLine = (l: DrugLineValues) => blank(l.drugName) && !l.productId;

/** The lines a template adds: after the lines already written, the untouched empty ones dropped. */
export function applyTemplate(lines: DrugLineValues[], template: Pick<PrescriptionTemplate, 'drugs'>): DrugLineValues[] {
  return [...lines.filter((l) => !isEmptyLine(l)), ...template.drugs.map((d) => lineOf(d, false))];
}

/** A form line as the save call takes it: the clinic's drug by id when picked from the list, else the typed name. */
export function drugInput(l: DrugLineValues): PrescriptionDrugInput {
  return {
    id: l.id,
    ...(l.productId ? { productId: l.productId } : { drugName: l.drugName?.trim() }),
    dosage: blank(l.dosage) ? null : l.dosage!.trim(),
    duration: blank(l.duration) ? null : l.duration!.trim(),
    timesPerDay: l.timesPerDay ?? null,
    mealTiming: l.mealTiming ?? 'any',
    repeat: l.repeat ?? 0,
    notes: blank(l.notes) ? null : l.notes!.trim(),
  };
}

export const drugInputs = (lines: DrugLineValues[] | undefined): PrescriptionDrugInput[] =>
  (lines ?? []).filter((l) => !isEmptyLine(l)).map(drugInput);

/** The editable fields of a prescription in the form. */
export interface PrescriptionFormValues {
  patientId?: number;
  doctorId?: number;
  branchId?: number;
  date?: string;
  diagnosis?: string | null;
  notes?: string | null;
  drugs: DrugLineValues[];
}

export const formValuesOf = (doc: PrescriptionDoc): PrescriptionFormValues => ({
  patientId: doc.patient.id,
  doctorId: doc.doctor.id,
  branchId: doc.branch.id,
  date: doc.date,
  diagnosis: doc.diagnosis,
  notes: doc.notes,
  drugs: doc.drugs.map((d) => lineOf(d)),
});

type Instructed = Pick<PrescriptionDrugItem, 'dosage' | 'duration' | 'timesPerDay' | 'mealTiming' | 'repeat'>;

/** The parts of how to take a drug: dosage, times a day, when, how long, repeats (each set apart when printed). */
export function instructionParts(d: Instructed, t: TFunction): string[] {
  const parts = [
    d.dosage,
    d.timesPerDay ? t('drug.timesPerDay', { count: d.timesPerDay }) : null,
    d.mealTiming !== 'any' ? t(`meal.${d.mealTiming}`) : null,
    d.duration ? t('drug.for', { duration: d.duration }) : null,
    d.repeat > 0 ? t('drug.repeat', { count: d.repeat }) : null,
  ];
  return parts.filter((p): p is string => !!p && p.trim() !== '');
}

/** How to take a drug, one sentence ("500 mg · 3 times a day · After eating · for 5 days"). */
export const instructions = (d: Instructed, t: TFunction): string => instructionParts(d, t).join(' · ');

/** Drug names as one list in the UI language (the Arabic comma in Arabic). */
export const namesList = (names: string[], language: string): string => names.join(language === 'ar' ? '، ' : ', ');

/** `/Prescription/:ID?/:PID?`: a positive whole number, else undefined (0 or nothing: a new prescription). */
export function routeId(value: string | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}
