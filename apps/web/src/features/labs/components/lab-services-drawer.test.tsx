import type { LabItem } from '@dental/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { setLanguage } from '../../../lib/i18n';
import { signedInWithFetch } from '../../../test/signed-in';
import { LabServicesDrawer } from './lab-services-drawer';

/* Issue 18: a lab service's French name is shown in French (else the English one) and edited in the drawer. */

const saved: unknown[] = [];
const SERVICES = [
  { id: 1, labId: 7, nameAr: 'تاج زركونيا', nameEn: 'Zirconia crown', nameFr: 'Couronne zircone', price: '1800.00' },
  { id: 2, labId: 7, nameAr: 'واقي ليلي', nameEn: 'Night guard', nameFr: null, price: null },
];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/Lab/SaveLabService')) saved.push(JSON.parse(String(init?.body)));
  const body = url.startsWith('/api/Lab/GetLabServices') ? { items: SERVICES } : { id: 1 };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

signedInWithFetch(fetchMock);
beforeEach(async () => {
  saved.length = 0;
  await setLanguage('fr');
});

const LAB = { id: 7, name: 'Lab' } as LabItem;

describe('lab services drawer in French', () => {
  it('shows the French name, else the English one, and edits the French name', async () => {
    render(
      <AppProviders>
        <LabServicesDrawer lab={LAB} canWrite onClose={() => {}} />
      </AppProviders>,
    );
    const drawer = await screen.findByTestId('services-drawer');
    expect(await within(drawer).findByText('Couronne zircone')).toBeTruthy();
    expect(within(drawer).getByText('Night guard')).toBeTruthy();
    expect(within(drawer).queryByText('Zirconia crown')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Modifier Couronne zircone' }));
    const form = await within(drawer).findByTestId('service-form');
    const french = within(form).getByLabelText('Nom en français') as HTMLInputElement;
    await waitFor(() => expect(french.value).toBe('Couronne zircone'));
    fireEvent.change(french, { target: { value: 'Couronne en zircone' } });
    fireEvent.submit(form);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: 1, labId: 7, nameEn: 'Zirconia crown', nameFr: 'Couronne en zircone' });
  });
});
