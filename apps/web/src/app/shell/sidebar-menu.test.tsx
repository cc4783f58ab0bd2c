import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { i18n, setLanguage } from 'lib/i18n';
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

describe('sidebar labels', () => {
  it('shows a group of one page as that page alone, its name said once', async () => {
    const menu = renderMenu('ST3', '/Roles');
    await screen.findByText('Roles');
    const groupTitles = [...menu.querySelectorAll('.ant-menu-submenu-title')].map((e) => e.textContent);
    expect(groupTitles).toContain('Insurance');
    expect(groupTitles).not.toContain('Roles');
    const roles = [...menu.querySelectorAll('a.menu-link')].filter((a) => a.textContent === 'Roles');
    expect(roles).toHaveLength(1);
    expect(menu.textContent!.match(/Roles/g)).toHaveLength(1);
  });

  it.each(['ar', 'en', 'fr'] as const)('labels a page with the title it shows (%s)', async (lang) => {
    await setLanguage(lang);
    const t = (ns: string, key: string) => i18n.getFixedT(lang, ns)(key);
    // the menu item and the tab's title (route name) say what the page's heading says
    expect(t('routes', 'FeaturesAndRequests')).toBe(t('support', 'feature.title'));
    expect(t('routes', 'Support')).toBe(t('support', 'support.title'));
    const menu = renderMenu('ST3', '/FeaturesAndRequests');
    expect(await screen.findByText(t('support', 'feature.title'))).toBeTruthy();
    expect(menu.textContent).not.toContain(lang === 'ar' ? 'المزايا والطلبات' : lang === 'en' ? 'Features and requests' : 'Fonctionnalités et demandes');
  });
});
