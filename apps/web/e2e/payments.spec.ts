import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/lib/storage';
import { addCompletedProcedures, apiAs, apiLogin, loginByApi, openInApp, settle } from './support';

/**
 * A new patient of the demo clinic with two completed procedures (a molar root canal, 3,000 EGP, and a simple
 * extraction, 400 EGP): 3,400 EGP owed, nothing paid. The journey makes its own data so it never sees another spec's.
 */
async function patientOwing(request: APIRequestContext) {
  const owner = await apiLogin(request, 'owner');
  const asOwner = apiAs(request, owner.token);
  const name = `مريض المدفوعات ${Date.now() % 1_000_000}`;
  const { id } = await asOwner.ok.post<{ id: number }>('/api/Patient/SavePatient', {
    name,
    mobile: `+2015${String(Date.now()).slice(-8)}`,
    branchIds: [owner.objectData.branchId],
  });
  await addCompletedProcedures(request, id, [['D3330', 36], ['D7140', 18]]);
  return { id, name };
}

test.describe('payments', () => {
  test('the secretary takes a partial payment for two procedures, finds the rest in remaining payments and the ledger, then deletes the payment with a reason (Arabic)', async ({
    page,
  }) => {
    const patient = await patientOwing(page.request);
    const settled = settle(page);
    await loginByApi(page, 'secretary', { path: `/Patient/${patient.id}/1` });

    // the patient file's payments tab: 3,400 owed
    await page.getByRole('tab', { name: 'المدفوعات' }).click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${patient.id}/9$`));
    const tab = page.getByTestId('payments-tab');
    await expect(tab.getByTestId('balance-remaining')).toContainText('3,400.00');

    // both procedures selected: the drawer offers at most their total remaining, prefilled
    const payable = tab.getByTestId('payable-table');
    await payable.getByRole('checkbox', { name: 'علاج جذور ضرس' }).check();
    await payable.getByRole('checkbox', { name: 'خلع بسيط' }).check();
    await tab.getByTestId('pay-selected').click();
    const drawer = page.getByTestId('pay-drawer');
    await expect(drawer.getByTestId('pay-max')).toContainText('3,400.00');
    await expect(drawer.getByTestId('pay-amount')).toHaveValue('3400.00');

    // more than the maximum is refused on the field; a partial amount goes through after the confirmation
    await drawer.getByTestId('pay-amount').fill('3500');
    await drawer.getByTestId('pay-save').click();
    await expect(drawer.getByText('تم تجاوز أقصى مبلغ')).toBeVisible();
    await drawer.getByTestId('pay-amount').fill('2000');
    await drawer.getByTestId('pay-save').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('دفع كل الإجراءات المحددة؟');
    await confirm.getByRole('button', { name: 'تأكيد' }).click();
    await expect(drawer).toBeHidden();

    // split in order: the root canal took the 2,000; 1,400 remains
    await expect(tab.getByTestId('balance-paid')).toContainText('2,000.00');
    await expect(tab.getByTestId('balance-remaining')).toContainText('1,400.00');
    const rootCanal = payable.locator('tr').filter({ hasText: 'علاج جذور ضرس' });
    await expect(rootCanal.getByTestId('payable-remaining')).toContainText('1,000.00');
    await expect(payable.locator('tr').filter({ hasText: 'خلع بسيط' }).getByTestId('payable-remaining')).toContainText('400.00');
    const payments = tab.getByTestId('payments-table');
    await expect(payments.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(payments.getByTestId('payment-amount')).toContainText('2,000.00');
    // its receipt as the server's PDF, from the payment's row
    const [receipt] = await Promise.all([page.waitForEvent('download'), payments.getByRole('button', { name: 'تنزيل الإيصال PDF' }).click()]);
    expect(receipt.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
    expect(readFileSync(await receipt.path()).subarray(0, 5).toString()).toBe('%PDF-');

    // remaining payments: the patient, with 1,400
    await openInApp(page, '/PatientsPaymentsList');
    await settled('/PatientsPaymentsList');
    await page.getByLabel('اسم المريض أو رمزه أو جواله').fill(patient.name);
    const row = page.getByTestId('payments-report-table').locator('tbody tr.ant-table-row').filter({ hasText: patient.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('report-remaining')).toContainText('1,400.00');
    await row.getByTestId('report-remaining').click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${patient.id}/9$`));

    // the patient ledger: two charges (3,000 then 3,400 owed), the payment (1,400 owed)
    await page.getByRole('tab', { name: 'كشف حساب المريض' }).click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${patient.id}/10$`));
    const balances = page.getByTestId('ledger-table').getByTestId('ledger-balance');
    await expect(balances).toHaveCount(3);
    await expect(balances.nth(0)).toContainText('3,000.00');
    await expect(balances.nth(1)).toContainText('3,400.00');
    await expect(balances.nth(2)).toContainText('1,400.00');
    // the ledger's statement as the server's PDF (the secretary's key reaches it)
    const [statement] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-tab').getByTestId('download-pdf').click()]);
    expect(statement.suggestedFilename()).toBe(`statement-${patient.id}.pdf`);
    expect(readFileSync(await statement.path()).subarray(0, 5).toString()).toBe('%PDF-');

    // delete the payment: a reason is required; it stays listed, struck through, with who and why
    await page.getByRole('tab', { name: 'المدفوعات' }).click();
    await tab.getByTestId('reverse-payment').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('reverse-reason') });
    await dialog.locator('#reverse-ok').click();
    await expect(dialog.getByText('أدخل السبب')).toBeVisible();
    await dialog.getByTestId('reverse-reason').fill('دفعة مسجلة بالخطأ');
    await dialog.locator('#reverse-ok').click();
    await expect(dialog).toBeHidden();
    const reversed = payments.locator('tbody tr.pay-reversed');
    await expect(reversed).toHaveCount(1);
    await expect(reversed.getByTestId('reversal-note')).toContainText('دفعة مسجلة بالخطأ');
    await expect(reversed.locator('td').filter({ has: page.getByTestId('payment-amount') })).toHaveCSS('text-decoration-line', 'line-through');
    await expect(tab.getByTestId('balance-remaining')).toContainText('3,400.00');

    // and the ledger shows the reversal putting the 2,000 back
    await page.getByRole('tab', { name: 'كشف حساب المريض' }).click();
    await expect(balances).toHaveCount(4);
    await expect(balances.nth(3)).toContainText('3,400.00');
  });
});

test.describe('payments: credit', () => {
  test('the server’s maximum lands on the amount; the doctor takes money on account, pays a procedure from the procedures tab with that credit, and plans the rest in instalments (English)', async ({ page }) => {
    const patient = await patientOwing(page.request);
    await loginByApi(page, 'doctor', { lang: 'en', path: `/Patient/${patient.id}/9` });
    const tab = page.getByTestId('payments-tab');
    await expect(tab.getByTestId('balance-remaining')).toContainText('3,400.00');

    // the drawer offers the extraction's 400, but someone takes 100 for it meanwhile: the server's refusal, with the
    // maximum it now allows, lands on the amount
    const payable = tab.getByTestId('payable-table');
    await payable.getByRole('checkbox', { name: 'Simple extraction' }).check();
    await tab.getByTestId('pay-selected').click();
    const drawer = page.getByTestId('pay-drawer');
    await expect(drawer.getByTestId('pay-amount')).toHaveValue('400.00');
    const owner = await apiLogin(page.request, 'owner');
    const asOwner = apiAs(page.request, owner.token);
    const procedures = await asOwner.ok.get<{ items: Array<{ id: number; procedureNameEn: string }> }>(
      '/api/PatientProcedure/GetPatientProcedurePrinting',
      { patientId: patient.id },
    );
    const types = await asOwner.ok.get<{ items: Array<{ id: number }> }>('/api/Lookups/GetPaymentTypeList', { activeOnly: true });
    await asOwner.ok.post('/api/PatientProcedure/SaveProcedurePayment', {
      patientId: patient.id,
      ledgerType: 'LT1',
      procedureIds: [procedures.items.find((p) => p.procedureNameEn === 'Simple extraction')!.id],
      amount: '100',
      paymentTypeId: types.items[0]!.id,
      branchId: owner.objectData.branchId,
    });
    await drawer.getByTestId('pay-save').click();
    await expect(drawer.getByText(/Max amount exceeded: \W*300\.00 EGP/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.reload();
    await expect(tab.getByTestId('balance-remaining')).toContainText('3,300.00');

    // 500 on account: no maximum, credit 500, nothing owed less
    await tab.getByTestId('pay-account').click();
    await expect(drawer.getByTestId('pay-max')).toHaveCount(0);
    await drawer.getByTestId('pay-amount').fill('500');
    await drawer.getByTestId('pay-save').click();
    await expect(drawer).toBeHidden();
    await expect(tab.getByTestId('balance-credit')).toContainText('500.00');
    await expect(tab.getByTestId('balance-remaining')).toContainText('3,300.00');

    // the procedures tab shows paid and remaining per procedure; its pay action opens the payments tab on that procedure
    await page.getByRole('tab', { name: 'Procedures' }).click();
    const extraction = page.getByTestId('group-completed').locator('tr').filter({ hasText: 'Simple extraction' });
    await expect(extraction.getByTestId('procedure-remaining')).toContainText('300.00');
    await extraction.getByTestId('procedure-pay').click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${patient.id}/9$`));
    await expect(drawer.getByTestId('pay-procedures')).toContainText('Simple extraction');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // apply the credit to the selected extraction: at most the smaller of credit (500) and its remaining (300)
    await tab.getByTestId('apply-credit').click();
    await expect(drawer.getByTestId('pay-max')).toContainText('300.00');
    await expect(drawer.getByTestId('pay-amount')).toHaveValue('300.00');
    await drawer.getByTestId('pay-save').click();
    await expect(drawer).toBeHidden();
    await expect(tab.getByTestId('balance-credit')).toContainText('200.00');
    await expect(tab.getByTestId('balance-remaining')).toContainText('3,000.00');
    await expect(tab.getByTestId('payable-table').locator('tr').filter({ hasText: 'Simple extraction' }).getByTestId('payable-remaining')).toHaveText(/^\W*0\.00 EGP/);

    // an instalment plan for the rest: 3,000 in 7 monthly instalments, the last one taking the cents left over
    await tab.getByTestId('new-plan').click();
    const plan = page.locator('.ant-drawer').filter({ has: page.getByTestId('plan-total') });
    await plan.getByTestId('plan-total').fill('3000');
    await plan.getByTestId('plan-count').fill('7');
    const preview = plan.getByTestId('plan-preview').locator('tbody tr.ant-table-row');
    await expect(preview).toHaveCount(7);
    await expect(preview.first()).toContainText('428.57');
    await expect(preview.last()).toContainText('428.58');
    await plan.getByTestId('plan-save').click();
    await expect(plan).toBeHidden();
    const saved = tab.getByTestId('plan');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(/3,000\.00 EGP\W* in 7 instalments/);
    await expect(saved.locator('tbody tr.ant-table-row')).toHaveCount(7);
  });
});

/** axe (WCAG 2 A and AA): the serious or critical violations on the page as it is now. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

test.describe('billing pages pass axe', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the invoice page's patient search is labelled; the ledger's red remaining and the money history pass contrast (${theme})`, async ({ page }) => {
      const patient = await patientOwing(page.request);
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEYS.theme, JSON.stringify(theme)]);
      const settled = settle(page);
      await loginByApi(page, 'owner', { lang: 'ar', path: `/Invoice/${patient.id}` });
      await expect(page.getByRole('combobox', { name: 'مريض آخر' })).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await openInApp(page, `/Patient/${patient.id}/10`);
      await settled(`/Patient/${patient.id}/10`);
      await expect(page.getByTestId('ledger-tab').getByTestId('balance-remaining')).toContainText('3,400.00');
      expect(await seriousViolations(page)).toEqual([]);
      // the owner's money history: the two procedures added, newest first
      await page.getByTestId('money-history').click();
      await expect(page.getByTestId('money-history-table').getByRole('row')).toHaveCount(3);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
