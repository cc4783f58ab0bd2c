import { PRINT_SHOW_DEFAULTS, builtInPrintSettings, callPath, clinicCalls, printCalls } from '@dental/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, type TestClinic, api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { PATH, expectError, expectOk, setClinic } from '../invoices/invoices-test-kit.js';

let t: TestApp;
let c: TestClinic;
beforeAll(async () => {
  t = await testApp();
  c = await newClinic(t);
});

type Item = ReturnType<typeof printCalls.getPrintSettings.output.parse>;
const save = async (clinic: TestClinic, body: Record<string, unknown>, token = clinic.token) =>
  (await expectOk<{ id: number }>(api(t, token).post(PATH.savePrintSettings, body))).id;
const defaultOf = (clinic: TestClinic, documentType: string, token = clinic.token) =>
  expectOk<Item>(api(t, token).get(PATH.getDefaultPrintTypeSettings, { documentType }));

describe('print settings', () => {
  test('a new clinic prints with the built-in default of each type', async () => {
    const clinic = await newClinic(t);
    expect(await defaultOf(clinic, 'invoice')).toEqual(builtInPrintSettings('invoice'));
    const receipt = await defaultOf(clinic, 'receipt');
    expect(receipt).toMatchObject({ id: null, builtIn: true, isDefault: true, pageSize: '80mm', language: 'patient' });
    expect(receipt.show).toMatchObject({ logo: false, qrCode: true, pageNumbers: false });
    expect((await expectOk<{ items: Item[] }>(api(t, clinic.token).get(PATH.getPrintSettingsList, {}))).items).toEqual([]);
  });

  test('save, read, list, replace: defaults fill what is not sent, the show flags over their defaults', async () => {
    const id = await save(c, { name: 'Invoice A4', documentType: 'invoice', show: { signatureLine: true }, headerText: '  Welcome ', footerText: '' });
    const item = await expectOk<Item>(api(t, c.token).get(PATH.getPrintSettings, { id }));
    expect(item).toEqual({
      id, name: 'Invoice A4', documentType: 'invoice', pageSize: 'A4', marginTop: 15, marginRight: 15, marginBottom: 15, marginLeft: 15,
      fontSize: 11, titleFontSize: 16, headerText: 'Welcome', footerText: null, language: 'patient',
      show: { ...PRINT_SHOW_DEFAULTS, signatureLine: true }, isDefault: false, builtIn: false,
    });
    await save(c, { id, name: 'Invoice A5', documentType: 'invoice', pageSize: 'A5', marginTop: 0, marginLeft: 50, fontSize: '9', language: 'ar' });
    const replaced = await expectOk<Item>(api(t, c.token).get(PATH.getPrintSettings, { id }));
    expect(replaced).toMatchObject({ name: 'Invoice A5', pageSize: 'A5', marginTop: 0, marginLeft: 50, fontSize: 9, language: 'ar', show: PRINT_SHOW_DEFAULTS });
    await save(c, { name: 'Roll', documentType: 'receipt', pageSize: '80mm' });
    const list = await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getPrintSettingsList, {}));
    expect(list.items.map((i) => [i.documentType, i.name])).toEqual([['invoice', 'Invoice A5'], ['receipt', 'Roll']]);
    const receipts = await expectOk<{ items: Item[] }>(api(t, c.token).get(PATH.getPrintSettingsList, { documentType: 'receipt' }));
    expect(receipts.items.map((i) => i.name)).toEqual(['Roll']);
  });

  test('one default per type: a new default unsets the previous; deleting the default leaves the built-in one', async () => {
    const clinic = await newClinic(t);
    const a = await save(clinic, { name: 'A', documentType: 'treatment_plan', isDefault: true, pageSize: 'A5' });
    expect((await defaultOf(clinic, 'treatment_plan')).id).toBe(a);
    const b = await save(clinic, { name: 'B', documentType: 'treatment_plan', isDefault: true });
    const other = await save(clinic, { name: 'A', documentType: 'statement', isDefault: true });
    expect((await defaultOf(clinic, 'treatment_plan')).id).toBe(b);
    expect((await defaultOf(clinic, 'statement')).id).toBe(other);
    expect((await expectOk<Item>(api(t, clinic.token).get(PATH.getPrintSettings, { id: a }))).isDefault).toBe(false);
    // saving the default again keeps it the default
    await save(clinic, { id: b, name: 'B', documentType: 'treatment_plan', isDefault: true, fontSize: 12 });
    expect(await defaultOf(clinic, 'treatment_plan')).toMatchObject({ id: b, fontSize: 12 });
    await expectOk(api(t, clinic.token).delete(PATH.deletePrintSettings, { id: b }));
    expect(await defaultOf(clinic, 'treatment_plan')).toEqual(builtInPrintSettings('treatment_plan'));
    await expectError(api(t, clinic.token).get(PATH.getPrintSettings, { id: b }), 404, 'print_settings_not_found');
  });

  test('names are unique per type, ignoring case; the same name in another type is fine; the type of a saved row is fixed', async () => {
    const clinic = await newClinic(t);
    const id = await save(clinic, { name: 'Standard', documentType: 'invoice' });
    const clash = await expectError(api(t, clinic.token).post(PATH.savePrintSettings, { name: ' standard ', documentType: 'invoice' }), 409, 'name_exists');
    expect(clash.errors).toMatchObject({ name: expect.any(String) });
    await save(clinic, { name: 'Standard', documentType: 'receipt' });
    await save(clinic, { id, name: 'STANDARD', documentType: 'invoice' });
    await expectError(api(t, clinic.token).post(PATH.savePrintSettings, { id, name: 'Standard', documentType: 'receipt' }), 400, 'print_settings_type_fixed');
  });

  test('400 for bad input of any shape', async () => {
    const bad: Array<Record<string, unknown>> = [
      {},
      { documentType: 'invoice' },
      { name: 'x' },
      { name: 'x', documentType: 'poster' },
      { name: 'x'.repeat(101), documentType: 'invoice' },
      { name: 'x', documentType: 'invoice', pageSize: 'Letter' },
      { name: 'x', documentType: 'invoice', marginTop: -1 },
      { name: 'x', documentType: 'invoice', marginRight: 51 },
      { name: 'x', documentType: 'invoice', marginBottom: 1.5 },
      { name: 'x', documentType: 'invoice', marginLeft: 'wide' },
      { name: 'x', documentType: 'invoice', marginTop: true },
      { name: 'x', documentType: 'invoice', marginTop: null },
      { name: 'x', documentType: 'invoice', fontSize: [] },
      { name: 'x', documentType: 'invoice', titleFontSize: '' },
      { name: 'x', documentType: 'invoice', fontSize: 5 },
      { name: 'x', documentType: 'invoice', fontSize: 25 },
      { name: 'x', documentType: 'invoice', titleFontSize: 41 },
      { name: 'x', documentType: 'invoice', language: 'de' },
      { name: 'x', documentType: 'invoice', show: { logo: 'yes' } },
      { name: 'x', documentType: 'invoice', show: { watermark: true } },
      { name: 'x', documentType: 'invoice', show: [] },
      { name: 'x', documentType: 'invoice', headerText: 'h'.repeat(1001) },
      { name: 'x', documentType: 'invoice', isDefault: 'maybe' },
      { id: 'x', name: 'x', documentType: 'invoice' },
    ];
    for (const body of bad) {
      const res = await api(t, c.token).post(PATH.savePrintSettings, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const query of [{}, { documentType: 'poster' }]) expect((await api(t, c.token).get(PATH.getDefaultPrintTypeSettings, query)).statusCode).toBe(400);
    expect((await api(t, c.token).get(PATH.getPrintSettingsList, { documentType: 'poster' })).statusCode).toBe(400);
    expect((await api(t, c.token).get(PATH.getPrintSettings, { id: 'x' })).statusCode).toBe(400);
    expect((await api(t, c.token).delete(PATH.deletePrintSettings, {})).statusCode).toBe(400);
  });

  test('403: list needs settings_print_list, writes settings_print_edit and the Secretariat rule; the default is open to every user', async () => {
    const id = await save(c, { name: `Keys ${Date.now()}`, documentType: 'lab_order' });
    const none = await newUser(t, c, []);
    await expectError(api(t, none).get(PATH.getPrintSettingsList, {}), 403, 'BS11');
    await expectError(api(t, none).get(PATH.getPrintSettings, { id }), 403, 'BS11');
    await expectError(api(t, none).post(PATH.savePrintSettings, { name: 'n', documentType: 'invoice' }), 403, 'BS11');
    await expectError(api(t, none).delete(PATH.deletePrintSettings, { id }), 403, 'BS11');
    expect((await defaultOf(c, 'invoice', none)).documentType).toBe('invoice');
    const reader = await newUser(t, c, ['settings_print_list'], 'RL7');
    expect((await api(t, reader).get(PATH.getPrintSettings, { id })).statusCode).toBe(200);
    await expectError(api(t, reader).post(PATH.savePrintSettings, { name: 'n', documentType: 'invoice' }), 403, 'BS11');
    // the key without the Secretariat rule's role (a doctor RL3)
    const doctor = await newUser(t, c, ['settings_print_list', 'settings_print_edit'], 'RL3');
    await expectError(api(t, doctor).post(PATH.savePrintSettings, { name: 'n', documentType: 'invoice' }), 403, 'BS14');
  });

  test("404 for another clinic's settings; nothing changes", async () => {
    const other = await newClinic(t);
    const theirs = await save(other, { name: 'Theirs', documentType: 'invoice', isDefault: true });
    await expectError(api(t, c.token).get(PATH.getPrintSettings, { id: theirs }), 404, 'print_settings_not_found');
    await expectError(api(t, c.token).post(PATH.savePrintSettings, { id: theirs, name: 'Mine', documentType: 'invoice' }), 404, 'print_settings_not_found');
    await expectError(api(t, c.token).delete(PATH.deletePrintSettings, { id: theirs }), 404, 'print_settings_not_found');
    expect(await defaultOf(other, 'invoice')).toMatchObject({ id: theirs, name: 'Theirs' });
    expect((await defaultOf(c, 'invoice')).id).not.toBe(theirs);
  });
});

describe('Print/GetPrintLetterhead', () => {
  test("a secretary without clinic_show gets the clinic's letterhead (GetClinic refuses her); another clinic's never", async () => {
    const clinic = await newClinic(t);
    await setClinic(t, clinic, {
      displayName: 'عيادة الابتسامة', address: 'شارع عباس العقاد', city: 'القاهرة', mobile: '+20222600001',
      taxNo: '310123456700003', commercialRegistrationNo: '1010123456', logoKey: 'logos/smile.png',
    });
    const secretary = await newUser(t, clinic, ['patient_list'], 'RL4');
    expect((await api(t, secretary).get(callPath(clinicCalls.getClinic), {})).statusCode).toBe(403);
    const head = await expectOk(api(t, secretary).get(PATH.getPrintLetterhead, {}));
    expect(head).toEqual({
      clinicName: 'عيادة الابتسامة', logoUrl: '/api/files/logos/smile.png', address: 'شارع عباس العقاد, القاهرة',
      mobile: '+20222600001', taxNo: '310123456700003', commercialRegistrationNo: '1010123456',
    });
    expect(printCalls.getPrintLetterhead.output.parse(head)).toEqual(head);
    // a clinic without the details: nulls, its own name
    const other = await newClinic(t);
    const theirs = await expectOk<{ clinicName: string; logoUrl: string | null; address: string | null }>(api(t, other.token).get(PATH.getPrintLetterhead, {}));
    expect(theirs.clinicName).not.toBe('عيادة الابتسامة');
    expect(theirs).toMatchObject({ logoUrl: null, address: null, taxNo: null });
  });

  test('without a session: 401', async () => {
    expect((await api(t).get(PATH.getPrintLetterhead, {})).statusCode).toBe(401);
  });
});
