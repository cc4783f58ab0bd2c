import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callPath, lookupsCalls } from '@dental/contract';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, newClinic, newUser, testApp } from '../../../test/harness.js';
import { clinics } from '../../platform/auth/identity.table.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { paymentTypes } from './lookups.table.js';

const t = await testApp();
const GET = callPath(lookupsCalls.getPaymentTypeList);
const SAVE = callPath(lookupsCalls.savePaymentType);
const DELETE = callPath(lookupsCalls.deletePaymentType);
const ALL_KEYS = [
  'settings_payment_type_list',
  'settings_payment_type_add',
  'settings_payment_type_edit',
  'settings_payment_type_delete',
] as const;

const typesOf = (clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(paymentTypes).where(eq(paymentTypes.clinicId, clinicId)).orderBy(asc(paymentTypes.id)),
  );
const namesOf = async (clinicId: number) => (await typesOf(clinicId)).map((p) => p.nameEn);
const cashOf = async (clinicId: number) => (await typesOf(clinicId)).find((p) => p.isDefault)!;

async function expectDenied(call: Promise<LightMyRequestResponse>, code: 'BS11' | 'BS14' = 'BS11') {
  const res = await call;
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe(code);
}

async function addType(token: string, nameAr: string, nameEn: string, isActive = true) {
  const res = await api(t, token).post(SAVE, { nameAr, nameEn, isActive });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('Lookups/GetPaymentTypeList, SavePaymentType, DeletePaymentType', () => {
  it('gives every new clinic an active default Cash type', async () => {
    const c = await newClinic(t, { tier: 'ST0' });
    const res = await api(t, c.token).get(GET);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [{ id: expect.any(Number), nameAr: 'كاش', nameEn: 'Cash', nameFr: 'Espèces', isActive: true, isDefault: true }],
      total: 1,
      page: 1,
      pageSize: 30,
    });
  });

  it('creates, lists, updates and deletes a type', async () => {
    const c = await newClinic(t);
    const id = await addType(c.token, 'فيزا', 'Visa');
    expect((await api(t, c.token).get(GET)).json().items[1]).toEqual({
      id,
      nameAr: 'فيزا',
      nameEn: 'Visa',
      nameFr: null,
      isActive: true,
      isDefault: false,
    });
    expect((await api(t, c.token).post(SAVE, { id, nameAr: 'بطاقة', nameEn: 'Card', isActive: false })).json()).toEqual(
      { id },
    );
    expect((await typesOf(c.clinicId)).find((p) => p.id === id)).toMatchObject({
      nameAr: 'بطاقة',
      nameEn: 'Card',
      isActive: false,
    });
    const deleted = await api(t, c.token).delete(DELETE, { id });
    expect(deleted.json()).toEqual({ ok: true });
    expect(await namesOf(c.clinicId)).toEqual(['Cash']);
  });

  it('searches either name, filters active ones, sorts (default first by default) and pages', async () => {
    const c = await newClinic(t);
    await addType(c.token, 'فيزا', 'Visa');
    await addType(c.token, 'تحويل بنكي', 'Bank transfer');
    await addType(c.token, 'شيك', 'Cheque', false);
    const names = async (query: Record<string, unknown>) => {
      const res = await api(t, c.token).get(GET, query);
      expect(res.statusCode, res.body).toBe(200);
      return { names: res.json().items.map((p: { nameEn: string }) => p.nameEn), total: res.json().total };
    };
    expect((await names({})).names).toEqual(['Cash', 'Bank transfer', 'Cheque', 'Visa']);
    expect(await names({ search: 'bank' })).toEqual({ names: ['Bank transfer'], total: 1 });
    expect(await names({ search: 'فيز' })).toEqual({ names: ['Visa'], total: 1 });
    expect(await names({ activeOnly: true })).toEqual({ names: ['Cash', 'Bank transfer', 'Visa'], total: 3 });
    expect(await names({ activeOnly: false })).toMatchObject({ total: 4 });
    expect((await names({ sortField: 'nameEn', sortOrder: 'descend' })).names).toEqual([
      'Visa',
      'Cheque',
      'Cash',
      'Bank transfer',
    ]);
    expect(await names({ sortField: 'nameEn', page: 2, pageSize: 3 })).toEqual({ names: ['Visa'], total: 4 });
  });

  it('refuses a bad body or query with field messages and changes nothing', async () => {
    const c = await newClinic(t);
    const id = await addType(c.token, 'فيزا', 'Visa');
    const missing = await api(t, c.token).post(SAVE, { nameAr: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ nameEn: 'This field is required' });
    const bad = await api(t, c.token).post(SAVE, { id, nameAr: '', nameEn: 'Visa', isActive: 'yes' });
    expect(bad.json().errors).toEqual({ nameAr: 'This field is required', isActive: 'Invalid value' });
    expect((await api(t, c.token).get(GET, { activeOnly: 'maybe' })).json().errors).toEqual({
      activeOnly: 'Invalid value',
    });
    expect(await namesOf(c.clinicId)).toEqual(['Cash', 'Visa']);
  });

  it('refuses a name another type of the clinic uses, in either language and any case', async () => {
    const c = await newClinic(t);
    const id = await addType(c.token, 'فيزا', 'Visa');
    const both = await api(t, c.token).post(SAVE, { nameAr: 'كاش', nameEn: 'CASH' });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toEqual({
      code: 'name_exists',
      message: 'Already exists',
      errors: { nameAr: 'Already exists', nameEn: 'Already exists' },
    });
    const english = await api(t, c.token).post(SAVE, { id, nameAr: 'فيزا', nameEn: 'cash' });
    expect(english.json().errors).toEqual({ nameEn: 'Already exists' });
    expect(await namesOf(c.clinicId)).toEqual(['Cash', 'Visa']);
  });

  it('keeps the default type: it cannot be deleted or deactivated, but may be renamed', async () => {
    const c = await newClinic(t);
    const cash = await cashOf(c.clinicId);
    const del = await api(t, c.token).delete(DELETE, { id: cash.id });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('cannot_delete_in_use');
    const off = await api(t, c.token).post(SAVE, { id: cash.id, nameAr: 'كاش', nameEn: 'Cash', isActive: false });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'cannot_deactivate_default',
      errors: { isActive: "Can't deactivate the default item" },
    });
    expect(await cashOf(c.clinicId)).toEqual(cash);
    expect((await api(t, c.token).post(SAVE, { id: cash.id, nameAr: 'نقدي', nameEn: 'Cash money' })).statusCode).toBe(
      200,
    );
    expect(await cashOf(c.clinicId)).toMatchObject({
      nameAr: 'نقدي',
      nameEn: 'Cash money',
      isActive: true,
      isDefault: true,
    });
  });

  it('needs the key of each call; the list also opens to financial and procedure users of any role', async () => {
    const c = await newClinic(t);
    const id = await addType(c.token, 'فيزا', 'Visa');
    const none = await newUser(t, c, ['room_list']);
    await expectDenied(api(t, none).get(GET));
    await expectDenied(api(t, none).post(SAVE, { nameAr: 'أ', nameEn: 'A' }));
    await expectDenied(api(t, none).delete(DELETE, { id }));
    const editor = await newUser(t, c, ['settings_payment_type_edit']);
    await expectDenied(api(t, editor).post(SAVE, { nameAr: 'أ', nameEn: 'A' }));
    expect((await api(t, editor).post(SAVE, { id, nameAr: 'فيزا', nameEn: 'Visa card' })).statusCode).toBe(200);
    const adder = await newUser(t, c, ['settings_payment_type_add']);
    await expectDenied(api(t, adder).post(SAVE, { id, nameAr: 'فيزا', nameEn: 'Visa' }));
    expect(await namesOf(c.clinicId)).toEqual(['Cash', 'Visa card']);
    for (const key of ['financial_list', 'patient_procedures'] as const) {
      const reader = await newUser(t, c, [key], 'RL3');
      expect((await api(t, reader).get(GET, { activeOnly: true })).json().total).toBe(2);
    }
  });

  it('refuses writes to a role outside the Secretariat rule even with every key (BS14)', async () => {
    const c = await newClinic(t);
    const id = await addType(c.token, 'فيزا', 'Visa');
    const accountant = await newUser(t, c, ALL_KEYS, 'RL6');
    await expectDenied(api(t, accountant).post(SAVE, { nameAr: 'أ', nameEn: 'A' }), 'BS14');
    await expectDenied(api(t, accountant).post(SAVE, { id, nameAr: 'أ', nameEn: 'A' }), 'BS14');
    await expectDenied(api(t, accountant).delete(DELETE, { id }), 'BS14');
    expect(await namesOf(c.clinicId)).toEqual(['Cash', 'Visa']);
    expect((await api(t, accountant).get(GET)).statusCode).toBe(200);
  });

  it("never lists, updates or deletes another clinic's type", async () => {
    const c = await newClinic(t);
    const other = await newClinic(t);
    const theirs = await addType(other.token, 'فيزا', 'Visa');
    const before = await typesOf(other.clinicId);
    expect((await api(t, c.token).get(GET)).json().total).toBe(1);
    expect((await api(t, c.token).post(SAVE, { id: theirs, nameAr: 'أ', nameEn: 'A' })).statusCode).toBe(404);
    expect((await api(t, c.token).delete(DELETE, { id: theirs })).json().code).toBe('not_found');
    expect((await api(t, c.token).delete(DELETE, { id: (await cashOf(other.clinicId)).id })).statusCode).toBe(404);
    expect(await typesOf(other.clinicId)).toEqual(before);
  });

  it('the 0002 migration gives a clinic created before the module its Cash type, once', async () => {
    const [old] = await t.database.db
      .insert(clinics)
      .values({ clinicName: 'older-clinic', displayName: 'Older' })
      .returning();
    const backfill = readFileSync(join(MIGRATIONS_DIR, '0002_lookups_defaults.sql'), 'utf8');
    await t.database.exec(backfill);
    await t.database.exec(backfill);
    expect((await typesOf(old!.id)).map((p) => [p.nameEn, p.isDefault])).toEqual([['Cash', true]]);
  });
});
