import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiAs, apiLogin, loginAs, loginByApi, openInApp, settle } from './support';

interface History {
  categories: Array<{
    questions: Array<{ id: number; textAr: string; answerRequired: boolean; questionType: string }>;
  }>;
}

/** A new patient of the demo clinic whose required questions are answered No, except the ones named. */
async function newPatient(request: APIRequestContext, leaveOpen: string[]) {
  const session = await apiLogin(request, 'owner');
  const owner = apiAs(request, session.token);
  const { id } = await owner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name: `مريض التاريخ الطبي ${Date.now() % 100000}`,
    mobile: `+2010${String(Date.now()).slice(-8)}`,
    branchIds: [session.objectData.branchId],
  });
  const history = await owner.ok.get<History>('/api/Patient/GetPatientMedicalHistory', { patientId: id });
  for (const q of history.categories.flatMap((c) => c.questions)) {
    if (!q.answerRequired || leaveOpen.includes(q.textAr)) continue;
    const answer =
      q.questionType === 'yesNo' ? { yes: false } : q.questionType === 'single' ? { option: 0 } : { options: [0] };
    await owner.ok.post('/api/MedicalHistory/SaveMedicalQuestionAnswer', { patientId: id, questionId: q.id, answer });
  }
  return { id, owner };
}

test.describe('medical history', () => {
  test('the owner adds a required alert question; a patient must answer it, and Yes raises an alert, in Arabic', async ({
    page,
  }) => {
    const stamp = Date.now() % 100000;
    const category = { ar: `فئة اختبار ${stamp}`, en: `Test category ${stamp}` };
    const question = { ar: `هل لديك حساسية من اللاتكس ${stamp}؟`, en: `Latex allergy ${stamp}?` };
    const settled = settle(page);
    await loginAs(page, 'owner');

    // a category
    await openInApp(page, '/MedicalCategories');
    await settled('/MedicalCategories');
    await expect(page.getByRole('heading', { name: 'الفئات الطبية' })).toBeVisible();
    await page.getByRole('button', { name: 'إضافة فئة' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الاسم بالعربية').fill(category.ar);
    await dialog.getByLabel('الاسم بالإنجليزية').fill(category.en);
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(category.ar) })).toBeVisible();

    // a yes/no question of it, required and marked as an alert
    await openInApp(page, '/MedicalQuestions');
    await settled('/MedicalQuestions');
    await expect(page.getByRole('heading', { name: 'الأسئلة الطبية' })).toBeVisible();
    await page.getByRole('button', { name: 'إضافة سؤال' }).click();
    await dialog.getByLabel('الفئة').click();
    await page.locator('.ant-select-dropdown').getByText(category.ar, { exact: true }).click();
    await dialog.getByLabel('السؤال بالعربية').fill(question.ar);
    await dialog.getByLabel('السؤال بالإنجليزية').fill(question.en);
    await expect(dialog.getByRole('radio', { name: 'نعم / لا' })).toBeChecked();
    await dialog.getByRole('switch', { name: 'الإجابة مطلوبة' }).click();
    await dialog.getByRole('switch', { name: 'تنبيه' }).click();
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(question.ar) });
    await expect(row).toContainText('مطلوب');
    await expect(row).toContainText('تنبيه');

    // the patient's medical tab: saving without answering it is refused at the question
    const { id: patientId, owner } = await newPatient(page.request, [question.ar]);
    await openInApp(page, `/Patient/${patientId}/2`);
    await settled(`/Patient/${patientId}/2`);
    const mine = page.locator('[data-question]').filter({ hasText: question.ar });
    await expect(mine).toBeVisible();
    const alerts = page.getByRole('list', { name: 'تنبيهات طبية' });
    await expect(alerts).toHaveCount(0);
    await page.getByRole('button', { name: 'حفظ التاريخ الطبي' }).first().click();
    await expect(mine.getByText('الإجابة مطلوبة')).toBeVisible();
    await expect(page.locator('[data-question] [role="alert"]')).toHaveCount(1);

    // answering Yes saves, and the header shows the alert
    await mine.getByText('نعم', { exact: true }).click();
    await expect(mine.getByText('الإجابة مطلوبة')).toHaveCount(0);
    await page.getByRole('button', { name: 'حفظ التاريخ الطبي' }).first().click();
    await expect(page.getByText('تم الحفظ').first()).toBeVisible();
    await expect(alerts.getByRole('listitem').filter({ hasText: question.ar })).toBeVisible();

    // a drug typed by a new name is added to the patient and to the clinic's drug names
    const drug = `دواء تجريبي ${stamp}`;
    await page.locator('#drug_productName').fill(drug);
    await expect(page.locator('.ant-select-item-option').filter({ hasText: `إضافة «${drug}» كدواء جديد` })).toBeVisible();
    await page.locator('#drug_productName').press('Escape');
    await page.locator('#drug_dosage').fill('مرتين يوميًا');
    await page.getByRole('button', { name: 'إضافة دواء' }).click();
    await expect(page.getByRole('row', { name: new RegExp(drug) })).toContainText('مرتين يوميًا');
    const found = await owner.ok.get<{ items: Array<{ name: string }> }>('/api/Patient/GetProductsSearch', {
      search: drug,
    });
    expect(found.items.map((i) => i.name)).toEqual([drug]);

    // tidy the demo clinic: the question (with its answers), then its category
    const questions = await owner.ok.get<{ items: Array<{ id: number; categoryId: number }> }>(
      '/api/MedicalHistory/GetMedicalQuestions',
      { search: question.en },
    );
    await owner.ok.delete('/api/MedicalHistory/DeleteMedicalQuestion', { id: questions.items[0]!.id });
    await owner.ok.delete('/api/MedicalHistory/DeleteMedicalCategory', { id: questions.items[0]!.categoryId });
  });

  test('a category that has questions cannot be deleted, in English', async ({ page }) => {
    const settled = settle(page);
    await loginAs(page, 'owner', { lang: 'en' });
    await openInApp(page, '/MedicalCategories');
    await settled('/MedicalCategories');
    const row = page.getByRole('row', { name: /Allergies/ });
    // the names in Arabic, English and French, then the number of questions
    await expect(row.getByRole('cell').nth(3)).toHaveText('3');
    await expect(row.getByRole('button', { name: 'Delete Allergies' })).toBeDisabled();
    const res = await apiAs(page.request, (await apiLogin(page.request, 'owner')).token).get(
      '/api/MedicalHistory/GetMedicalCategories',
      { search: 'Allergies' },
    );
    const id = ((await res.json()) as { items: Array<{ id: number }> }).items[0]!.id;
    const refused = await apiAs(page.request, (await apiLogin(page.request, 'owner')).token).delete(
      '/api/MedicalHistory/DeleteMedicalCategory',
      { id },
    );
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe(
      "Can't delete a medical category that has questions; delete or move its questions first",
    );
  });
});

test.describe('medical history by sex, and on a phone', () => {
  test('the pregnancy question is asked of a woman of 30 and not of a man of 30 (issue 18)', async ({ page }) => {
    const settled = settle(page);
    const session = await apiLogin(page.request, 'owner');
    const owner = apiAs(page.request, session.token);
    const born = `${new Date().getFullYear() - 30}-01-15`;
    const ids: Record<'M' | 'F', number> = { M: 0, F: 0 };
    for (const gender of ['M', 'F'] as const) {
      ids[gender] = (
        await owner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
          name: `${gender === 'M' ? 'مريض' : 'مريضة'} الأسئلة ${Date.now() % 100000}`,
          mobile: `+2010${String(Date.now()).slice(-8)}`,
          branchIds: [session.objectData.branchId],
          gender,
          dateOfBirth: born,
          confirmDuplicateName: true,
        })
      ).id;
    }
    await loginByApi(page, 'owner', { lang: 'ar', path: `/Patient/${ids.F}/2` });
    await expect(page.locator('[data-question]').first()).toBeVisible();
    await expect(page.locator('[data-question]').filter({ hasText: 'هل أنتِ حامل؟' })).toHaveCount(1);
    await openInApp(page, `/Patient/${ids.M}/2`);
    await settled(`/Patient/${ids.M}/2`);
    await expect(page.locator('[data-question]').first()).toBeVisible();
    await expect(page.locator('[data-question]').filter({ hasText: 'هل ترضعين' })).toHaveCount(0);
    await expect(page.locator('[data-question]').filter({ hasText: 'هل أنتِ حامل؟' })).toHaveCount(0);
  });

  /** Serious or critical axe findings inside `scope` (the page's own content). */
  async function serious(page: Page, scope: string) {
    const result = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa']).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').replace(/\s+/g, ' ')})`).join(' | ')}`);
  }

  test('the questionnaire settings and a patient’s answers fit a 390 px phone and pass axe, in French', async ({ page }) => {
    test.slow(); // three axe scans: up to a minute on a loaded 2-core CI machine
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await loginByApi(page, 'owner', { lang: 'fr', path: '/MedicalQuestions' });
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await fits();
    expect(await serious(page, '.main-content')).toEqual([]);
    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The dialog's opening motion over: axe reads colours, and a half-faded dialog blends its text with what is behind it.
    // Waiting on running animations may miss rc-motion's "prepare" step (the dialog shown, transparent, before any
    // animation exists: the likely cause of the CI finding, not reproduced locally); its motion classes (ant-zoom-appear…)
    // are removed only when the motion has ended.
    await expect(page.locator('.ant-modal')).not.toHaveClass(/-(appear|enter)\b/);
    await fits();
    expect(await serious(page, '.ant-modal')).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await page.goto('/PatientsList');
    await page.locator('a[href^="/Patient/"]').first().click();
    await page.waitForURL(/\/Patient\/\d+/);
    await page.goto(`${new URL(page.url()).pathname.replace(/^(\/Patient\/\d+).*/, '$1')}/2`);
    await expect(page.locator('[data-question]').first()).toBeVisible();
    await fits();
    // the file's tabs wrap on a phone: every section visible, no "more" button in the tab bar (axe flagged it)
    const tabs = page.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) await expect(tabs.nth(i)).toBeInViewport();
    expect(await serious(page, '.patient-file-tabs')).toEqual([]);
  });
});
