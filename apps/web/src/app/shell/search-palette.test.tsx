import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { forgetLanguage, languageLoaded, loadLanguage, setLanguage } from 'lib/i18n';
import { clearSession, setSession } from 'lib/session';
import { testUser } from '../../test/fixtures';
import { AppProviders } from '../providers';
import { setPaletteOpen } from './palette-state';
import { SearchPalette } from './search-palette';

afterEach(async () => {
  act(() => setPaletteOpen(false));
  cleanup();
  // the other tests expect every language (test/setup.ts)
  await Promise.all((['ar', 'en'] as const).map(loadLanguage));
});

describe('<SearchPalette> languages', () => {
  it('finds a page by its Arabic name on a French screen that never loaded Arabic (the palette loads it)', async () => {
    await setLanguage('fr');
    forgetLanguage('ar');
    forgetLanguage('en');
    expect(languageLoaded('ar')).toBe(false);
    render(
      <AppProviders>
        <MemoryRouter>
          <SearchPalette user={testUser({ subscriptionType: 'ST3' })} />
        </MemoryRouter>
      </AppProviders>,
    );
    act(() => setPaletteOpen(true));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'الغرف' } });
    // the page is listed under its French name once the Arabic names have arrived
    expect(await screen.findByText('Salles')).toBeTruthy();
    expect(languageLoaded('ar')).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Rooms' } });
    expect(await screen.findByText('Salles')).toBeTruthy();
  });
});

describe('<SearchPalette> patients', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows a patient’s mobile as the patients list does (the clinic’s national format), not as stored', async () => {
    await setLanguage('en');
    const user = testUser({ clinicCountryId: 'CN3', countryId: 'CN3' });
    setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user, branchId: 3 });
    const items = [
      { id: 5, code: '105', name: 'Ahmed Mahmoud', mobile: '+201012345678', patientType: 'PT1' },
      { id: 6, code: '106', name: 'Ahmed Saudi', mobile: '+966501234567', patientType: 'PT1' },
    ];
    const fetchStub = vi.fn(async (url: string) =>
      url.includes('GetPatientSearchByName')
        ? new Response(JSON.stringify({ items }), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    render(
      <AppProviders>
        <MemoryRouter>
          <SearchPalette user={user} />
        </MemoryRouter>
      </AppProviders>,
    );
    act(() => setPaletteOpen(true));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'Ahmed' } });
    const option = (await screen.findByText('Ahmed Mahmoud')).closest('[role="option"]') as HTMLElement;
    // national for the clinic's own country, international for another's; read left to right
    const mobile = await within(option).findByText('010 12345678');
    expect(mobile.tagName).toBe('BDI');
    expect(mobile.getAttribute('dir')).toBe('ltr');
    const saudi = (await screen.findByText('Ahmed Saudi')).closest('[role="option"]') as HTMLElement;
    expect(await within(saudi).findByText('+966 50 123 4567')).toBeTruthy();
    expect(document.body.textContent).not.toContain('+201012345678');
  });
});
