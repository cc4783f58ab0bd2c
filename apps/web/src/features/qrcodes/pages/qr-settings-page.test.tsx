import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { signedInWithFetch } from '../../../test/signed-in';
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

signedInWithFetch(fetchMock);
beforeEach(() => {
  saved.length = 0;
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
