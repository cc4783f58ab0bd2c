import { type Page, expect } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/storage';

export type Lang = 'ar' | 'en' | 'fr';

/**
 * Makes every page of this browser context start in `lang` (the web app reads it from localStorage), without
 * overwriting a choice made later in the test. Call before the first page.goto.
 */
export async function startInLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.language, JSON.stringify(lang)] as const,
  );
}

/** Switches the language of the open page: stores it and reloads, then checks the document's lang and dir. */
export async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    STORAGE_KEYS.language,
    JSON.stringify(lang),
  ] as const);
  await page.reload();
  await expectLanguage(page, lang);
}

/** The document says `lang` and runs right-to-left for Arabic, left-to-right otherwise. */
export async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  await expect(html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}
