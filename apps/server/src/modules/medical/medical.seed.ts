import type { MedicalOption, MedicalQuestionType } from '@dental/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { patients } from '../patients/index.js';
import {
  medicalCategories,
  medicalProducts,
  medicalQuestions,
  patientDiseases,
  patientDrugs,
  patientMedicalAnswers,
  patientMedicalHistory,
} from './medical.table.js';

interface StarterQuestion {
  textAr: string;
  textEn: string;
  textFr: string;
  questionType: MedicalQuestionType;
  options?: MedicalOption[];
  answerRequired?: boolean;
  isAlert?: boolean;
  /** What the alert states on the patient's header, in ar/en/fr (issue 18). */
  alert?: { ar: string; en: string; fr: string };
  sex?: 'M' | 'F';
  minAge?: number;
  maxAge?: number;
  showForPatient?: boolean;
}

/** Pregnancy and breastfeeding are asked of women from 12 to 55 (issue 18: a man was asked "هل أنتِ حامل؟"). */
const WOMEN_OF_CHILDBEARING_AGE = { sex: 'F', minAge: 12, maxAge: 55 } as const;

/** The questionnaire every new clinic starts with (it may edit, deactivate or delete any of it). */
export const STARTER_QUESTIONNAIRE: Array<{ nameAr: string; nameEn: string; nameFr: string; questions: StarterQuestion[] }> = [
  {
    nameAr: 'الصحة العامة',
    nameEn: 'General health',
    nameFr: 'Santé générale',
    questions: [
      {
        textAr: 'كيف تقيّم حالتك الصحية العامة؟',
        textEn: 'How would you rate your general health?',
        textFr: 'Comment évaluez-vous votre état de santé général ?',
        questionType: 'single',
        options: [
          { ar: 'جيدة', en: 'Good', fr: 'Bon' },
          { ar: 'متوسطة', en: 'Fair', fr: 'Moyen' },
          { ar: 'ضعيفة', en: 'Poor', fr: 'Mauvais' },
        ],
      },
      {
        textAr: 'هل أنت مصاب بمرض السكري؟',
        textEn: 'Do you have diabetes?',
        textFr: 'Êtes-vous diabétique ?',
        questionType: 'yesNo',
        answerRequired: true,
      },
      {
        textAr: 'هل أُصبت بالتهاب الكبد الوبائي (B أو C)؟',
        textEn: 'Have you had hepatitis (B or C)?',
        textFr: 'Avez-vous eu une hépatite (B ou C) ?',
        questionType: 'yesNo',
        isAlert: true,
        alert: { ar: 'التهاب كبد وبائي (B أو C)', en: 'Hepatitis (B or C)', fr: 'Hépatite (B ou C)' },
      },
      {
        textAr: 'هل تتناول أي أدوية حاليًا؟',
        textEn: 'Are you currently taking any medication?',
        textFr: 'Prenez-vous actuellement des médicaments ?',
        questionType: 'yesNo',
      },
      {
        textAr: 'هل تدخن؟',
        textEn: 'Do you smoke?',
        textFr: 'Fumez-vous ?',
        questionType: 'single',
        options: [
          { ar: 'لا أدخن', en: 'Never', fr: 'Jamais' },
          { ar: 'مدخن سابق', en: 'Former smoker', fr: 'Ancien fumeur' },
          { ar: 'مدخن حاليًا', en: 'Current smoker', fr: 'Fumeur actuel' },
        ],
      },
    ],
  },
  {
    nameAr: 'القلب والدم',
    nameEn: 'Heart & blood',
    nameFr: 'Cœur et sang',
    questions: [
      {
        textAr: 'هل تعاني من ارتفاع ضغط الدم؟',
        textEn: 'Do you have high blood pressure?',
        textFr: "Souffrez-vous d'hypertension artérielle ?",
        questionType: 'yesNo',
        answerRequired: true,
      },
      {
        textAr: 'هل تعاني من مرض في القلب (جلطة، صمامات، منظم ضربات)؟',
        textEn: 'Do you have heart disease (heart attack, valve disease, pacemaker)?',
        textFr: 'Avez-vous une maladie cardiaque (infarctus, valvulopathie, stimulateur cardiaque) ?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
        alert: { ar: 'مرض في القلب', en: 'Heart disease', fr: 'Maladie cardiaque' },
      },
      {
        textAr: 'هل لديك اضطراب نزفي أو تتناول مميعات الدم؟',
        textEn: 'Do you have a bleeding disorder or take blood thinners (anticoagulants)?',
        textFr: 'Avez-vous un trouble de la coagulation ou prenez-vous des anticoagulants ?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
        alert: {
          ar: 'اضطراب نزفي أو مميعات دم',
          en: 'Bleeding disorder or blood thinners',
          fr: 'Trouble de la coagulation ou anticoagulants',
        },
      },
    ],
  },
  {
    nameAr: 'الحساسية',
    nameEn: 'Allergies',
    nameFr: 'Allergies',
    questions: [
      {
        textAr: 'هل لديك حساسية من البنسلين؟',
        textEn: 'Are you allergic to penicillin?',
        textFr: 'Êtes-vous allergique à la pénicilline ?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
        alert: { ar: 'حساسية من البنسلين', en: 'Allergic to penicillin', fr: 'Allergique à la pénicilline' },
      },
      {
        textAr: 'هل لديك حساسية من التخدير الموضعي؟',
        textEn: 'Are you allergic to local anaesthetics?',
        textFr: 'Êtes-vous allergique aux anesthésiques locaux ?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
        alert: {
          ar: 'حساسية من التخدير الموضعي',
          en: 'Allergic to local anaesthetics',
          fr: 'Allergique aux anesthésiques locaux',
        },
      },
      {
        textAr: 'هل لديك حساسية من أي مما يلي؟',
        textEn: 'Are you allergic to any of the following?',
        textFr: "Êtes-vous allergique à l'un des éléments suivants ?",
        questionType: 'multi',
        isAlert: true,
        alert: { ar: 'حساسية', en: 'Allergic', fr: 'Allergique' },
        options: [
          { ar: 'اللاتكس (القفازات المطاطية)', en: 'Latex (rubber gloves)', fr: 'Latex (gants en caoutchouc)' },
          { ar: 'الأسبرين أو المسكنات', en: 'Aspirin or painkillers (NSAIDs)', fr: 'Aspirine ou anti-inflammatoires (AINS)' },
          { ar: 'اليود', en: 'Iodine', fr: 'Iode' },
          { ar: 'أطعمة', en: 'Foods', fr: 'Aliments' },
        ],
      },
    ],
  },
  {
    nameAr: 'للسيدات',
    nameEn: 'Women',
    nameFr: 'Femmes',
    questions: [
      {
        textAr: 'هل أنتِ حامل؟',
        textEn: 'Are you pregnant?',
        textFr: 'Êtes-vous enceinte ?',
        questionType: 'yesNo',
        isAlert: true,
        alert: { ar: 'حامل', en: 'Pregnant', fr: 'Enceinte' },
        ...WOMEN_OF_CHILDBEARING_AGE,
      },
      {
        textAr: 'هل ترضعين طبيعيًا؟',
        textEn: 'Are you breastfeeding?',
        textFr: 'Allaitez-vous ?',
        questionType: 'yesNo',
        ...WOMEN_OF_CHILDBEARING_AGE,
      },
    ],
  },
];

/** Common drug names every new clinic starts with; names typed on a patient's record are added to them. */
export const STARTER_DRUGS = [
  'Amoxicillin',
  'Augmentin',
  'Azithromycin',
  'Clindamycin',
  'Metronidazole',
  'Ibuprofen',
  'Paracetamol',
  'Diclofenac',
  'Aspirin',
  'Warfarin',
  'Clopidogrel',
  'Rivaroxaban',
  'Apixaban',
  'Metformin',
  'Insulin',
  'Amlodipine',
  'Bisoprolol',
  'Lisinopril',
  'Atorvastatin',
  'Levothyroxine',
  'Omeprazole',
  'Prednisolone',
  'Salbutamol',
  'Alendronate',
] as const;

/** The starter questionnaire and drug names, for a new clinic (inside its creation transaction). */
export async function seedMedical(tx: Tx, clinicId: number) {
  for (const [i, category] of STARTER_QUESTIONNAIRE.entries()) {
    const [row] = await tx
      .insert(medicalCategories)
      .values({ clinicId, nameAr: category.nameAr, nameEn: category.nameEn, nameFr: category.nameFr, sortOrder: i + 1 })
      .returning({ id: medicalCategories.id });
    await tx.insert(medicalQuestions).values(
      category.questions.map((q, j) => ({
        clinicId,
        categoryId: row!.id,
        textAr: q.textAr,
        textEn: q.textEn,
        textFr: q.textFr,
        alertAr: q.alert?.ar ?? null,
        alertEn: q.alert?.en ?? null,
        alertFr: q.alert?.fr ?? null,
        sex: q.sex ?? null,
        minAge: q.minAge ?? null,
        maxAge: q.maxAge ?? null,
        questionType: q.questionType,
        options: q.options ?? [],
        answerRequired: q.answerRequired ?? false,
        isAlert: q.isAlert ?? false,
        showForPatient: q.showForPatient ?? true,
        sortOrder: j + 1,
      })),
    );
  }
  await tx.insert(medicalProducts).values(STARTER_DRUGS.map((name) => ({ clinicId, name })));
}

/**
 * The demo clinics: the starter questionnaire when they have none (clinics created before this module), and a
 * filled-in medical history for their first patients, when there are patients.
 */
export async function seedDemoMedical(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    if (!(await tx.$count(medicalCategories, eq(medicalCategories.clinicId, clinicId))))
      await seedMedical(tx, clinicId);
    else if (!(await tx.$count(medicalProducts, eq(medicalProducts.clinicId, clinicId))))
      await tx.insert(medicalProducts).values(STARTER_DRUGS.map((name) => ({ clinicId, name })));
    const firstPatients = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), isNull(patients.deletedAt)))
      .orderBy(asc(patients.id))
      .limit(3);
    if (!firstPatients.length || (await tx.$count(patientMedicalHistory, eq(patientMedicalHistory.clinicId, clinicId))))
      return;
    const questions = await tx.select().from(medicalQuestions).where(eq(medicalQuestions.clinicId, clinicId));
    const products = await tx.select().from(medicalProducts).where(eq(medicalProducts.clinicId, clinicId));
    const productId = (name: string) => products.find((p) => p.name === name)?.id;
    const statuses = ['MR4', 'MR3', 'MR2'] as const;
    for (const [i, { id: patientId }] of firstPatients.entries()) {
      await tx.insert(patientMedicalHistory).values({ clinicId, patientId, status: statuses[i]! });
      const answers = questions
        .filter((q) => q.answerRequired || q.questionType === 'single')
        .map((q) => ({
          clinicId,
          patientId,
          questionId: q.id,
          // the first patient is allergic to penicillin: an alert on the patient's header
          answer: q.questionType === 'single' ? { option: 0 } : { yes: i === 0 && q.textEn.includes('penicillin') },
        }));
      if (answers.length) await tx.insert(patientMedicalAnswers).values(answers);
    }
    const first = firstPatients[0]!.id;
    await tx
      .insert(patientDiseases)
      .values({ clinicId, patientId: first, name: 'ربو', notes: 'يستخدم بخاخ عند اللزوم', isAlert: false });
    const inhaler = productId('Salbutamol');
    if (inhaler)
      await tx.insert(patientDrugs).values({ clinicId, patientId: first, productId: inhaler, dosage: '2 puffs' });
  });
}
