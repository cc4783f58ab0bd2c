import { authCalls, defineCall } from '@dental/contract';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { testUser } from '../test/fixtures';
import { ApiError, callApi, fillPath, setErrorReporter, toQueryString } from './api';
import { setLanguage } from './i18n';
import { setNavigator } from './navigation';
import { clearSession, getSession, setSession } from './session';
import { setMessageInstance } from './toast';

const readCall = defineCall({
  controller: 'Patient',
  action: 'GetPatients',
  method: 'GET',
  access: { permissions: [], tier: 'ST0' },
  input: z.object({ search: z.string().optional(), page: z.number().optional(), ids: z.array(z.number()).optional() }),
  output: z.object({ items: z.array(z.unknown()) }),
  summary: 'test read',
});
const writeCall = defineCall({
  controller: 'Patient',
  action: 'SavePatient',
  method: 'POST',
  access: { permissions: [], tier: 'ST0' },
  input: z.object({ name: z.string() }),
  output: z.object({ id: z.number() }),
  summary: 'test write',
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const warnings: string[] = [];
const nav = { go: vi.fn(), back: vi.fn() };

function login(branchId: number | null = 3) {
  setSession({ token: 'tok-1', expiredTokenDate: '2999-01-01T00:00:00Z', user: testUser(), branchId });
}
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)! as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

beforeEach(async () => {
  clearSession();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  warnings.length = 0;
  setMessageInstance({ warning: (text: string) => warnings.push(text) } as unknown as MessageInstance);
  nav.go.mockReset();
  nav.back.mockReset();
  setNavigator(nav);
  await setLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setMessageInstance(null);
  setNavigator(null);
  setErrorReporter((e) => console.error(e));
});

describe('request building', () => {
  it('substitutes path parameters and leaves them out of the body', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 't', expiredTokenDate: 'd', objectData: testUser() }));
    await callApi(authCalls.login, { clinicName: 'demo clinic', Email: 'owner@demo.test', Password: 'x' });
    const { url, init } = lastRequest();
    expect(url).toBe('/api/WithoutAuthorize/demo%20clinic/Login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ Email: 'owner@demo.test', Password: 'x' });
  });

  it('sends a read as a query string and a write as JSON', async () => {
    login();
    fetchMock.mockResolvedValue(json(200, { items: [] }));
    await callApi(readCall, { search: 'ali', page: 2, ids: [1, 2] });
    expect(lastRequest().url).toBe('/api/Patient/GetPatients?search=ali&page=2&ids=1&ids=2');
    expect(lastRequest().init.body).toBeUndefined();

    fetchMock.mockResolvedValue(json(201, { id: 9 }));
    await expect(callApi(writeCall, { name: 'Ali' })).resolves.toEqual({ id: 9 });
    expect(lastRequest().headers['Content-Type']).toBe('application/json');
    expect(lastRequest().init.body).toBe('{"name":"Ali"}');
  });

  it('sends Authorization, Language, Cid and Bid with a session', async () => {
    login(3);
    await setLanguage('fr');
    fetchMock.mockResolvedValue(json(200, { items: [] }));
    await callApi(readCall, {});
    const { headers } = lastRequest();
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers.Language).toBe('fr');
    expect(headers.Cid).toBe('42');
    expect(headers.Bid).toBe('3');
  });

  it('omits Cid, Bid and Authorization for public calls (login, forget password), even with a session', async () => {
    login();
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await callApi(authCalls.forgetPassword, { clinicName: 'demo', email: 'a@b.test' });
    expect(lastRequest().headers).not.toHaveProperty('Cid');
    expect(lastRequest().headers).not.toHaveProperty('Authorization');
  });

  it('omits Cid, Bid and Authorization without a session, and Bid without a branch', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await callApi(authCalls.forgetPassword, { clinicName: 'demo', email: 'a@b.test' });
    expect(lastRequest().headers).not.toHaveProperty('Cid');
    expect(lastRequest().headers).not.toHaveProperty('Bid');
    expect(lastRequest().headers).not.toHaveProperty('Authorization');
    expect(lastRequest().headers.Language).toBe('en');

    login(null);
    fetchMock.mockResolvedValue(json(200, { items: [] }));
    await callApi(readCall, {});
    expect(lastRequest().headers.Cid).toBe('42');
    expect(lastRequest().headers).not.toHaveProperty('Bid');
  });

  it('helpers: fillPath and toQueryString', () => {
    expect(fillPath('/api/X/:a/:b', { a: 1, b: 'x/y', c: 3 })).toEqual({ path: '/api/X/1/x%2Fy', rest: { c: 3 } });
    expect(toQueryString({ a: undefined, b: null, c: 0, d: false })).toBe('?c=0&d=false');
    expect(toQueryString({})).toBe('');
  });
});

describe('response handling', () => {
  it('offline: no request, a no-internet notice, an error', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await callApi(readCall, {}).catch((e: unknown) => e);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('no_internet');
    expect(warnings).toEqual(['No internet connection']);
    vi.restoreAllMocks();
  });

  it('401 ends the session and goes to the session-expired page', async () => {
    login();
    fetchMock.mockResolvedValue(json(401, { code: 'session_expired', message: 'Session expired, please login again' }));
    const error = (await callApi(readCall, {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(getSession()).toBeNull();
    expect(nav.go).toHaveBeenCalledWith('/user/IdleSessionLogout', { replace: true });
  });

  it('500 goes to the error reporter', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    fetchMock.mockResolvedValue(json(500, { code: 'unexpected', message: 'Something went wrong, please try again' }));
    await expect(callApi(readCall, {})).rejects.toBeInstanceOf(ApiError);
    expect(reporter).toHaveBeenCalledOnce();
    expect(reporter.mock.calls[0]![0].status).toBe(500);
  });

  it.each([400, 403, 404, 409, 429, 502])('%i shows the server message as a warning', async (status) => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    fetchMock.mockResolvedValue(json(status, { code: 'name_exists', message: `server says ${status}` }));
    const error = (await callApi(writeCall, { name: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status, code: 'name_exists', message: `server says ${status}` });
    expect(warnings).toEqual([`server says ${status}`]);
    expect(reporter).not.toHaveBeenCalled();
  });

  it('silent calls do not toast, and keep the field errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, { code: 'validation', message: 'Fill all required data', errors: { name: 'This field is required' } }),
    );
    const error = (await callApi(writeCall, { name: '' }, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(warnings).toEqual([]);
    expect(error.fieldErrors).toEqual({ name: 'This field is required' });
  });

  it("keeps the answer's data (max_amount_exceeded's maximum, to show with the message)", async () => {
    fetchMock.mockResolvedValue(
      json(400, { code: 'max_amount_exceeded', message: 'Max amount exceeded', errors: { amount: 'Max amount exceeded' }, data: { maximum: '300.00' } }),
    );
    const error = (await callApi(writeCall, { name: 'x' }, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.body.data).toEqual({ maximum: '300.00' });
  });

  it('access-denied codes go back one page', async () => {
    login();
    fetchMock.mockResolvedValue(json(403, { code: 'BS11', message: 'Access denied: permission required' }));
    await expect(callApi(readCall, {})).rejects.toBeInstanceOf(ApiError);
    expect(nav.back).toHaveBeenCalledOnce();
    fetchMock.mockResolvedValue(json(403, { code: 'action_not_allowed', message: 'no' }));
    await expect(callApi(readCall, {})).rejects.toBeInstanceOf(ApiError);
    expect(nav.back).toHaveBeenCalledOnce();
  });

  it('a read marked stay is refused without leaving the page', async () => {
    login();
    fetchMock.mockResolvedValue(json(403, { code: 'BS11', message: 'Access denied: permission required' }));
    await expect(callApi(readCall, {}, { silent: true, stay: true })).rejects.toMatchObject({ code: 'BS11' });
    expect(nav.back).not.toHaveBeenCalled();
  });

  it('a body that is not JSON still gives a translated error', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = (await callApi(readCall, {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('unexpected');
    expect(error.message).toBe('Something went wrong, please try again');
  });
});
