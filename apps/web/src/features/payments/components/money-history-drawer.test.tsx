import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { testUser } from '../../../test/fixtures';
import { signedInWithFetch } from '../../../test/signed-in';
import { MoneyHistoryDrawer } from './money-history-drawer';

const row = (id: number, patch: Record<string, unknown>) => ({
  id, entity: 'payment', entityId: id, action: 'created', before: null, after: null, userId: 7, userName: 'Dr. Karim Nabil',
  createdAt: '2026-03-05T09:30:00.000Z', ...patch,
});
let total = 3;
const fetchMock = vi.fn(async (url: string) => {
  const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
  const body = url.startsWith('/api/Patient/GetPatientMoneyHistory')
    ? {
        items: total === 0 ? [] : page === 1
          ? [
              row(3, { action: 'reversed', before: { amount: '150.00', receiptNo: 12 } }),
              row(2, { entity: 'patient_procedure', action: 'price_changed', before: { price: '1000.00' }, after: { price: '1200.00' }, userName: 'Mona Adel' }),
              row(1, { after: { amount: '150.00', receiptNo: 12 } }),
            ]
          : [row(4, { entity: 'invoice', action: 'issued', after: { number: 9, total: '230.00' } })],
        total, page, pageSize: 20,
      }
    : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

signedInWithFetch(fetchMock, () => testUser({ currency: 'EGP' }));

const renderDrawer = () =>
  render(
    <AppProviders>
      <MoneyHistoryDrawer patientId={5} open onClose={() => {}} />
    </AppProviders>,
  );

describe('the money history drawer', () => {
  it('lists who changed what and when, with the amount before and after, newest first, and pages on the server', async () => {
    total = 21;
    renderDrawer();
    const table = await screen.findByTestId('money-history-table');
    await within(table).findByText('Payment · reversed · #12');
    const rows = within(table).getAllByRole('row').slice(1);
    // jsdom is a phone (no breakpoint matches): one column with what, then when (the clinic's time, Cairo) and who, then the amount
    expect(rows.map((r) => r.textContent)).toEqual([
      'Payment · reversed · #1205/03/2026 11:30 AM · Dr. Karim Nabil\u2068150.00 EGP\u2069 → —',
      'Procedure · price changed05/03/2026 11:30 AM · Mona Adel\u20681,000.00 EGP\u2069 → \u20681,200.00 EGP\u2069',
      'Payment · added · #1205/03/2026 11:30 AM · Dr. Karim Nabil— → \u2068150.00 EGP\u2069',
    ]);
    expect(fetchMock.mock.calls[0]![0]).toContain('patientId=5');
    fireEvent.click(screen.getByTitle('2'));
    await within(table).findByText('Invoice · issued · #9');
    expect(fetchMock.mock.calls.at(-1)![0]).toContain('page=2');
  });

  it('says so when the patient has no money history', async () => {
    total = 0;
    renderDrawer();
    expect(await screen.findByText("No changes to this patient's money yet")).toBeTruthy();
  });
});
