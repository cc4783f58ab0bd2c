import { type APIRequestContext, type Page, expect } from '@playwright/test';
import type { ActiveUser } from '@dental/contract';
import { STORAGE_KEYS } from '../../src/lib/storage';
import { DEMO_CLINIC, DEMO_PASSWORD, DEMO_USERS, type DemoRole, LOGIN_PATH } from './demo';
import { type Lang, expectLanguage, startInLanguage } from './language';

export interface LoginOptions {
  /** UI language for the session (default ar, the app's default). */
  lang?: Lang;
  /** Clinic name typed on the login form (default "demo"). */
  clinic?: string;
  /** Default: the demo password. */
  password?: string;
  /**
   * Show the secretary's message popups (issue 17). Off by default: they are due at the clinic's send hour and sit in
   * the bottom corner for up to 25 s, over whatever a journey clicks there; only the messages journeys want them.
   */
  messagePopups?: boolean;
}

/** Hides the message popup stack on every page this page opens from now on (see LoginOptions.messagePopups). */
async function hideMessagePopups(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '.message-popup-stack { display: none !important; }';
      document.head.append(style);
    });
  });
}

/** A demo role name ("doctor") or an e-mail address. */
const emailOf = (who: DemoRole | string) => (who in DEMO_USERS ? DEMO_USERS[who as DemoRole] : who);

/**
 * The login form's inputs. antd's Form.Item gives an input the id of its field name, prefixed by the form's
 * name when the form has one ("login_clinicName"); both spellings, in any letter case, are accepted.
 */
export function loginForm(page: Page) {
  const field = (name: string) => page.locator(`input[id="${name}" i], input[id$="_${name}" i]`).first();
  return {
    clinicName: field('clinicName'),
    email: field('email'),
    password: field('password'),
    submit: page.locator('form button[type="submit"]').first(),
  };
}

/**
 * Logs in through the login page as a person would: opens /user/login/login in `lang`, fills clinic name,
 * e-mail and password, submits, and waits until the app has left the login page.
 */
export async function loginAs(page: Page, who: DemoRole | string, opts: LoginOptions = {}): Promise<void> {
  const lang = opts.lang ?? 'ar';
  if (!opts.messagePopups) await hideMessagePopups(page);
  await startInLanguage(page, lang);
  await page.goto(LOGIN_PATH);
  await expectLanguage(page, lang);
  const form = loginForm(page);
  await form.clinicName.fill(opts.clinic ?? DEMO_CLINIC);
  await form.email.fill(emailOf(who));
  await form.password.fill(opts.password ?? DEMO_PASSWORD);
  await form.submit.click();
  await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/user/login'), { timeout: 30_000 });
}

export interface TokenData {
  token: string;
  expiredTokenDate: string;
  objectData: ActiveUser;
}

/** Logs in through the API (POST /api/WithoutAuthorize/{clinic}/Login) and returns the token and active user. */
export async function apiLogin(
  request: APIRequestContext,
  who: DemoRole | string,
  opts: Omit<LoginOptions, 'lang'> = {},
): Promise<TokenData> {
  const clinic = opts.clinic ?? DEMO_CLINIC;
  const res = await request.post(`/api/WithoutAuthorize/${encodeURIComponent(clinic)}/Login`, {
    headers: { Language: 'en' },
    data: { Email: emailOf(who), Password: opts.password ?? DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TokenData;
}

/** A cheap page of the app's origin (a short JSON answer): opened only to reach the origin's localStorage. */
const BLANK_PATH = '/api/health';

/**
 * The fast way in, for journeys that are not about the login page: logs in through the API, stores the
 * session the way the web app does (localStorage "dentix.session") and the language, then opens `path`
 * (default "/"). Stored once, so a logout later in the test really logs out.
 */
export async function loginByApi(
  page: Page,
  who: DemoRole | string,
  opts: LoginOptions & { path?: string } = {},
): Promise<TokenData> {
  if (!opts.messagePopups) await hideMessagePopups(page);
  const data = await apiLogin(page.request, who, opts);
  const session = {
    token: data.token,
    expiredTokenDate: data.expiredTokenDate,
    user: data.objectData,
    branchId: data.objectData.branchId,
  };
  // any page of the origin will do to write its localStorage: the health check's answer, not the whole app
  await page.goto(BLANK_PATH);
  const entries: Array<[string, string]> = [
    [STORAGE_KEYS.language, JSON.stringify(opts.lang ?? 'ar')],
    [STORAGE_KEYS.session, JSON.stringify(session)],
  ];
  await page.evaluate((items) => items.forEach(([key, value]) => window.localStorage.setItem(key, value)), entries);
  await page.goto(opts.path ?? '/');
  return data;
}
