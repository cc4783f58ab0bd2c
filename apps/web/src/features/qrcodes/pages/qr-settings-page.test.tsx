import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { testUser } from '../../../test/fixtures';
import QrSettingsPage from './qr-settings-page';

const saved: unknown[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/QrCode/SaveQrCode')) saved.push(JSON.parse(String(init?.body)));
  const body = url.startsWith('/api/Auth/GetClinicBranches')
    ? { items: [{ branchId: 3, name: 'Main' }, { branchId: 4, name: 'North' }] }
    : url.startsWith('/api/QrCode/GetQrCodes')
      ? { items: [] }
      : { id: 1 };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

beforeEach(async () => {
  saved.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
  clearSession();
  setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser(), branchId: 3 });
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const choose = async (dialog: HTMLElement, index: number, option: string) => {
  fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[index]!);
  fireEvent.click(await screen.findByTitle(option));
};

describe('QR code settings', () => {
  it('a check-in code gets the branch chosen among the user’s branches', async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <QrSettingsPage />
        </MemoryRouter>
      </AppProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Add QR code/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Label'), { target: { value: 'Desk' } });
    await choose(dialog, 0, 'Check-in at reception');
    await waitFor(() => expect(within(dialog).getAllByRole('combobox')).toHaveLength(2));
    await choose(dialog, 1, 'North');
    fireEvent.click(within(dialog).getByRole('button', { name: /Save|OK/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ label: 'Desk', purpose: 'checkin', branchId: 4 });
  });
});
