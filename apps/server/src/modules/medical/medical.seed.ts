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
  questionType: MedicalQuestionType;
  options?: MedicalOption[];
  answerRequired?: boolean;
  isAlert?: boolean;
  showForPatient?: boolean;
}

/** The questionnaire every new clinic starts with (it may edit, deactivate or delete any of it). */
export const STARTER_QUESTIONNAIRE: Array<{ nameAr: string; nameEn: string; questions: StarterQuestion[] }> = [
  {
    nameAr: 'الصحة العامة',
    nameEn: 'General health',
    questions: [
      {
        textAr: 'كيف تقيّم حالتك الصحية العامة؟',
        textEn: 'How would you rate your general health?',
        questionType: 'single',
        options: [
          { ar: 'جيدة', en: 'Good' },
          { ar: 'متوسطة', en: 'Fair' },
          { ar: 'ضعيفة', en: 'Poor' },
        ],
      },
      {
        textAr: 'هل أنت مصاب بمرض السكري؟',
        textEn: 'Do you have diabetes?',
        questionType: 'yesNo',
        answerRequired: true,
      },
      {
        textAr: 'هل أُصبت بالتهاب الكبد الوبائي (B أو C)؟',
        textEn: 'Have you had hepatitis (B or C)?',
        questionType: 'yesNo',
        isAlert: true,
      },
      {
        textAr: 'هل تتناول أي أدوية حاليًا؟',
        textEn: 'Are you currently taking any medication?',
        questionType: 'yesNo',
      },
      {
        textAr: 'هل تدخن؟',
        textEn: 'Do you smoke?',
        questionType: 'single',
        options: [
          { ar: 'لا أدخن', en: 'Never' },
          { ar: 'مدخن سابق', en: 'Former smoker' },
          { ar: 'مدخن حاليًا', en: 'Current smoker' },
        ],
      },
    ],
  },
  {
    nameAr: 'القلب والدم',
    nameEn: 'Heart & blood',
    questions: [
      {
        textAr: 'هل تعاني من ارتفاع ضغط الدم؟',
        textEn: 'Do you have high blood pressure?',
        questionType: 'yesNo',
        answerRequired: true,
      },
      {
        textAr: 'هل تعاني من مرض في القلب (جلطة، صمامات، منظم ضربات)؟',
        textEn: 'Do you have heart disease (heart attack, valve disease, pacemaker)?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
      },
      {
        textAr: 'هل لديك اضطراب نزفي أو تتناول مميعات الدم؟',
        textEn: 'Do you have a bleeding disorder or take blood thinners (anticoagulants)?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
      },
    ],
  },
  {
    nameAr: 'الحساسية',
    nameEn: 'Allergies',
    questions: [
      {
        textAr: 'هل لديك حساسية من البنسلين؟',
        textEn: 'Are you allergic to penicillin?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
      },
      {
        textAr: 'هل لديك حساسية من التخدير الموضعي؟',
        textEn: 'Are you allergic to local anaesthetics?',
        questionType: 'yesNo',
        answerRequired: true,
        isAlert: true,
      },
      {
        textAr: 'هل لديك حساسية من أي مما يلي؟',
        textEn: 'Are you allergic to any of the following?',
        questionType: 'multi',
        isAlert: true,
        options: [
          { ar: 'اللاتكس (القفازات المطاطية)', en: 'Latex (rubber gloves)' },
          { ar: 'الأسبرين أو المسكنات', en: 'Aspirin or painkillers (NSAIDs)' },
          { ar: 'اليود', en: 'Iodine' },
          { ar: 'أطعمة', en: 'Foods' },
        ],
      },
    ],
  },
  {
    nameAr: 'للسيدات',
    nameEn: 'Women',
    questions: [
      { textAr: 'هل أنتِ حامل؟', textEn: 'Are you pregnant?', questionType: 'yesNo', isAlert: true },
      { textAr: 'هل ترضعين طبيعيًا؟', textEn: 'Are you breastfeeding?', questionType: 'yesNo' },
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
      .values({ clinicId, nameAr: category.nameAr, nameEn: category.nameEn, sortOrder: i + 1 })
      .returning({ id: medicalCategories.id });
    await tx.insert(medicalQuestions).values(
      category.questions.map((q, j) => ({
        clinicId,
        categoryId: row!.id,
        textAr: q.textAr,
        textEn: q.textEn,
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
