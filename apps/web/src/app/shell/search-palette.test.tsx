import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { forgetLanguage, languageLoaded, loadLanguage, setLanguage } from 'lib/i18n';
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
