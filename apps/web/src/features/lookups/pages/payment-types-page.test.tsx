import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { signedInWithFetch } from '../../../test/signed-in';
import PaymentTypesPage from './payment-types-page';

/* Issue 18: payment types carry an optional French name, listed and edited with the Arabic and English ones. */

const saved: unknown[] = [];
const TYPES = [{ id: 1, nameAr: 'كاش', nameEn: 'Cash', nameFr: 'Espèces', isActive: true, isDefault: true }];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/Lookups/SavePaymentType')) saved.push(JSON.parse(String(init?.body)));
  const body = url.startsWith('/api/Lookups/GetPaymentTypeList')
    ? { items: TYPES, total: 1, page: 1, pageSize: 30 }
    : { id: 2 };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

signedInWithFetch(fetchMock);
beforeEach(() => {
  saved.length = 0;
});

describe('payment types page', () => {
  it('lists the French name and saves one with a new type', async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <PaymentTypesPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('columnheader', { name: 'French name' })).toBeTruthy();
    expect(await screen.findByText('Espèces')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add payment type/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Arabic name'), { target: { value: 'شيك' } });
    fireEvent.change(within(dialog).getByLabelText('English name'), { target: { value: 'Cheque' } });
    fireEvent.change(within(dialog).getByLabelText('French name'), { target: { value: 'Chèque' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save|OK/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ nameAr: 'شيك', nameEn: 'Cheque', nameFr: 'Chèque' });
  });
});
