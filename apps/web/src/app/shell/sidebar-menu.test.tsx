import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { setLanguage } from 'lib/i18n';
import { testUser } from '../../test/fixtures';
import { AppProviders } from '../providers';
import { SidebarMenu } from './sidebar-menu';

function renderMenu(subscriptionType: 'ST1' | 'ST3', path: string) {
  const { container } = render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <SidebarMenu user={testUser({ subscriptionType })} collapsed={false} theme="light" />
      </MemoryRouter>
    </AppProviders>,
  );
  return container;
}

beforeEach(() => setLanguage('en'));
afterEach(cleanup);

describe('sidebar tier tags', () => {
  it('names no tier on a clinic whose tier opens every item', async () => {
    const menu = renderMenu('ST3', '/InsuranceCompaniesList');
    expect(await screen.findByText('Insurance companies')).toBeTruthy();
    expect(menu.querySelectorAll('.tier-tag')).toHaveLength(0);
    expect(menu.textContent).not.toMatch(/ST[0-3]/);
  });

  it('marks a locked item with the padlock and the translated tier it needs, never the code', async () => {
    await setLanguage('fr');
    const menu = renderMenu('ST1', '/InsuranceCompaniesList');
    const tags = await screen.findAllByText('Standard');
    expect(tags.length).toBeGreaterThan(0);
    expect(menu.querySelectorAll('.menu-lock').length).toBe(menu.querySelectorAll('.tier-tag').length);
    expect(menu.textContent).not.toMatch(/ST[0-3]/);
  });
});
