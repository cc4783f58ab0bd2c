import { z } from 'zod';
import { calendarDate, id, listInput, listOutput, optionalId, optionalText, requiredEnum, requiredText } from '../common/schemas.js';
import { medicalAlert } from '../medical/medical-history.schemas.js';
import { printSettingsItem } from '../print/print.schemas.js';

/*
 * Prescriptions and prescription templates (issue 16; docs/prescriptions.md). A prescription is written by a doctor
 * for a patient in a branch; it stays a draft (editable, deletable) until published, then it is immutable (409
 * prescription_published) but can be copied into a new draft, printed, and shared by a revocable public link.
 */

/** A prescription is a draft until published; a published one never changes again. */
export const PRESCRIPTION_STATUSES = ['draft', 'published'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];
/** When to take a drug: before, with or after eating, or regardless of meals. */
export const DRUG_MEAL_TIMINGS = ['before', 'with', 'after', 'any'] as const;
export type DrugMealTiming = (typeof DRUG_MEAL_TIMINGS)[number];
/** At most this many drug lines on one prescription or template. */
export const PRESCRIPTION_MAX_DRUGS = 30;

const smallCount = (max: number) =>
  z.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').max(max, 'field_invalid');

/**
 * One drug line as a save sends it. The drug is `productId` (one of the clinic's drug names, the medical module's
 * list: MedicalHistory/GetProductsSearch) or `drugName` (typed; kept on the line as typed, the clinic's list is not
 * changed). With a productId the line keeps the drug's name as it was when saved. `id`: an existing line of the same
 * prescription or template to update; without it the line is added.
 */
export const prescriptionDrugInput = z
  .object({
    id: optionalId,
    productId: optionalId,
    drugName: z.string().trim().max(200, 'field_too_long').optional().nullable(),
    /** e.g. "500 mg", "1 tablet", "10 ml". */
    dosage: optionalText(200),
    /** e.g. "5 days", "until the pain stops". */
    duration: optionalText(100),
    timesPerDay: smallCount(24).min(1, 'field_invalid').optional().nullable(),
    mealTiming: requiredEnum(DRUG_MEAL_TIMINGS).default('any'),
    /** How many times the prescription may be refilled (0: no repeat). */
    repeat: smallCount(99).default(0),
    notes: optionalText(500),
  })
  .superRefine((d, ctx) => {
    if (!d.productId && !d.drugName) ctx.addIssue({ code: 'custom', path: ['drugName'], message: 'field_required' });
  });

const drugsInput = z
  .array(prescriptionDrugInput, { error: 'field_invalid' })
  .max(PRESCRIPTION_MAX_DRUGS, 'field_invalid')
  .refine((lines) => {
    const ids = lines.flatMap((l) => (l.id ? [l.id] : []));
    return new Set(ids).size === ids.length;
  }, 'field_invalid');

/** One drug line as reads show it. */
export const prescriptionDrugItem = z.object({
  id: z.number(),
  /** The clinic's drug it was chosen from (null: typed). */
  productId: z.number().nullable(),
  drugName: z.string(),
  dosage: z.string().nullable(),
  duration: z.string().nullable(),
  timesPerDay: z.number().nullable(),
  mealTiming: z.enum(DRUG_MEAL_TIMINGS),
  repeat: z.number(),
  notes: z.string().nullable(),
});

/**
 * Prescription/Save: creates a prescription (no id) or updates a draft. `drugs` is the whole list: lines with an id
 * are updated, lines without are added, the draft's lines not listed are removed. `status: 'published'` publishes
 * it in the same save (at least one drug: 400 prescription_no_drugs); a published prescription cannot be saved again
 * (409 prescription_published). `doctorId`: an active doctor of the clinic (`isDoctor`), default the draft's
 * doctor, or for a new one the caller if a doctor (else 400 prescription_doctor_invalid). A drug line's `productId` of another clinic or a line `id` not of
 * this prescription: 404 prescription_drug_not_found. `branchId`: one of the caller's branches (403 BS15). `date`: default today in the
 * clinic's time zone.
 */
export const savePrescriptionInput = z.object({
  id: optionalId,
  patientId: id,
  doctorId: optionalId,
  branchId: id,
  date: calendarDate.optional(),
  diagnosis: optionalText(1000),
  notes: optionalText(2000),
  status: requiredEnum(PRESCRIPTION_STATUSES).default('draft'),
  drugs: drugsInput.default([]),
});
export const savePrescriptionOutput = z.object({ id: z.number(), status: z.enum(PRESCRIPTION_STATUSES) });

/** One prescription in a patient's list. */
export const prescriptionListItem = z.object({
  id: z.number(),
  status: z.enum(PRESCRIPTION_STATUSES),
  date: z.string(),
  doctorId: z.number(),
  doctorName: z.string(),
  branchId: z.number(),
  branchName: z.string(),
  diagnosis: z.string().nullable(),
  /** The drug names in line order. */
  drugNames: z.array(z.string()),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Whether a public link to it is open (not revoked). */
  hasPublicLink: z.boolean(),
});

/** Prescription/GetPatientPrescriptions: a patient's prescriptions, newest first (date, then creation), paged. */
export const patientPrescriptionsInput = z.object({
  patientId: id,
  status: z.enum(PRESCRIPTION_STATUSES, { error: 'field_invalid' }).optional(),
  page: listInput(['date']).shape.page,
  pageSize: listInput(['date']).shape.pageSize,
});
/** The list, plus the patient's medical alerts (allergies, alert drugs and diseases) to show while prescribing. */
export const patientPrescriptionsOutput = listOutput(prescriptionListItem).extend({ alerts: z.array(medicalAlert) });

/**
 * Prescription/GetPatientPrescriptionDoc: one prescription as a document, for its page and for printing: the clinic,
 * branch, doctor and patient details, the drugs, and the patient's current medical alerts.
 */
export const prescriptionDocInput = z.object({ id });
export const prescriptionDocOutput = z.object({
  id: z.number(),
  status: z.enum(PRESCRIPTION_STATUSES),
  date: z.string(),
  diagnosis: z.string().nullable(),
  notes: z.string().nullable(),
  clinic: z.object({ name: z.string() }),
  branch: z.object({ id: z.number(), name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
  doctor: z.object({ id: z.number(), name: z.string() }),
  patient: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    /** Whole years on the prescription's date (null: no date of birth). */
    age: z.number().nullable(),
    gender: z.string().nullable(),
    mobile: z.string().nullable(),
    /** The patient's language (ar, en, fr), for printing in it. */
    language: z.string(),
  }),
  drugs: z.array(prescriptionDrugItem),
  alerts: z.array(medicalAlert),
  createdAt: z.string(),
  createdById: z.number(),
  createdByName: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  publishedById: z.number().nullable(),
  publishedByName: z.string().nullable(),
  /** Whether a public link to it is open (not revoked). The link's address is only shown when it is created. */
  hasPublicLink: z.boolean(),
});

/** Prescription/DeletePrescriptions: drafts only; any published one among them is 409 and nothing is deleted. */
export const deletePrescriptionsInput = z.object({
  ids: z.array(id, { error: 'field_required' }).min(1, 'field_required').max(100, 'field_invalid'),
});
/** Prescription/DeletePrescriptionDrugs: drug lines of drafts (their ids), each of the clinic; a published one is 409. */
export const deletePrescriptionDrugsInput = deletePrescriptionsInput;

/**
 * Prescription/CopyPrescription (project call): a new draft with the patient, diagnosis, notes and drug lines of any
 * prescription (usually a published one), dated `date` (default today), in `branchId` (default the original's; one of
 * the caller's branches), by the caller if a doctor, else the original's doctor.
 */
export const copyPrescriptionInput = z.object({ id, date: calendarDate.optional(), branchId: optionalId });

/**
 * Prescription/CreatePublicLink (project call): a link a patient opens without logging in that shows only this
 * prescription (published only: 409 prescription_not_published). `path` is the web app's page `/rx/<token>`; `url`
 * is the same with the app's public address. Each call makes a new link; the token is kept only as its hash, so
 * the address cannot be read again later.
 */
export const createPublicLinkInput = z.object({ id });
export const createPublicLinkOutput = z.object({ token: z.string(), path: z.string(), url: z.string(), createdAt: z.string() });
/** Prescription/RevokePublicLink (project call): every open link of the prescription stops working at once. */
export const revokePublicLinkInput = z.object({ id });
export const revokePublicLinkOutput = z.object({ revoked: z.number() });

/** What the public page needs of a print settings row to print like the clinic (docs/prescriptions.md). */
export const publicPrintSettings = printSettingsItem.pick({
  pageSize: true, marginTop: true, marginRight: true, marginBottom: true, marginLeft: true, fontSize: true,
  titleFontSize: true, headerText: true, footerText: true, show: true,
});
export type PublicPrintSettings = z.infer<typeof publicPrintSettings>;

/** The token of a public link (text of letters, digits, '-', '_' and '.'). */
export const publicPrescriptionInput = z.object({
  token: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(200, 'field_invalid')
    .regex(/^[A-Za-z0-9_.-]+$/, 'field_invalid'),
});
/**
 * Prescription/GetPublicPrescription (project call, no login): only what the printed prescription shows the patient:
 * clinic, branch, doctor, patient name, date and drugs. No ids, no diagnosis, no other patient data. An unknown,
 * revoked or tampered token, or a prescription deleted since: 404 prescription_link_invalid.
 */
export const publicPrescriptionOutput = z.object({
  clinicName: z.string(),
  branchName: z.string(),
  branchAddress: z.string().nullable(),
  branchPhone: z.string().nullable(),
  doctorName: z.string(),
  patientName: z.string(),
  date: z.string(),
  drugs: z.array(prescriptionDrugItem.omit({ id: true, productId: true })),
  /**
   * The clinic's default 'prescription' print settings (else the built-in ones), only what printing needs: paper,
   * margins, font sizes, header and footer text, show flags. No id, name or other settings of the clinic.
   */
  print: publicPrintSettings,
  /** The clinic's logo (its open file link), when it has one and the settings show it; else null. */
  logoUrl: z.string().nullable(),
});

/** Documents/GetPrescriptionPdf (project call): one prescription through the 'prescription' print settings (A5). */
export const prescriptionPdfInput = z.object({ id, printSettingsId: optionalId });

// ---- templates ----

export const PRESCRIPTION_TEMPLATE_SORT_FIELDS = ['name', 'updatedAt'] as const;
/** Prescription/GetPrescriptionTemplates: the clinic's templates, by name (search: part of the name, any case). */
export const prescriptionTemplatesInput = listInput(PRESCRIPTION_TEMPLATE_SORT_FIELDS);
export const prescriptionTemplateListItem = z.object({
  id: z.number(),
  name: z.string(),
  drugNames: z.array(z.string()),
  updatedAt: z.string(),
});
export const prescriptionTemplatesOutput = listOutput(prescriptionTemplateListItem);

/** Prescription/GetPrescriptionTemplate: one template with its drug lines (applied to a prescription by the page). */
export const prescriptionTemplateInput = z.object({ id });
export const prescriptionTemplateOutput = z.object({
  id: z.number(),
  name: z.string(),
  notes: z.string().nullable(),
  drugs: z.array(prescriptionDrugItem),
  updatedAt: z.string(),
});

/**
 * Prescription/SavePrescriptionTemplate: adds (no id) or updates a template. Names are unique in the clinic ignoring
 * case (409 name_exists on `name`). `drugs` is the whole list, as for Save.
 */
export const savePrescriptionTemplateInput = z.object({
  id: optionalId,
  name: requiredText(200),
  notes: optionalText(2000),
  drugs: drugsInput.default([]),
});
/** Prescription/DeletePrescriptionTemplate: removes a template with its lines. */
export const deletePrescriptionTemplateInput = z.object({ id });
/** Prescription/DeletePrescriptionTemplateDrugs: removes drug lines of templates (their ids). */
export const deletePrescriptionTemplateDrugsInput = deletePrescriptionsInput;

export type PrescriptionDrugInput = z.output<typeof prescriptionDrugInput>;
export type PrescriptionDrugItem = z.infer<typeof prescriptionDrugItem>;
export type SavePrescriptionInput = z.output<typeof savePrescriptionInput>;
export type PrescriptionListItem = z.infer<typeof prescriptionListItem>;
export type PrescriptionDoc = z.infer<typeof prescriptionDocOutput>;
export type PublicPrescription = z.infer<typeof publicPrescriptionOutput>;
export type SavePrescriptionTemplateInput = z.output<typeof savePrescriptionTemplateInput>;
export type PrescriptionTemplate = z.infer<typeof prescriptionTemplateOutput>;
export type PrescriptionTemplateListItem = z.infer<typeof prescriptionTemplateListItem>;
