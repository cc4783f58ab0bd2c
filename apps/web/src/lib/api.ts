import {
  ACCESS_DENIED_CODES,
  type CallDescriptor,
  type CallInput,
  type CallOutput,
  type ErrorBody,
  callPath,
  readsQuery,
} from '@dental/contract';
import { i18n, currentLanguage } from './i18n';
import { IDLE_LOGOUT_PATH, navigateBack, navigateTo } from './navigation';
import { PROVIDER_LOGIN_PATH, clearProviderSession, getProviderSession } from './provider-session';
import { clearSession, getSession } from './session';
import { notify } from './toast';

/** A refused or failed call: HTTP status (0 when no response), catalogue code and the server's body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.body = body;
  }
  /** Field path → translated message, for 400s with field errors. */
  get fieldErrors(): Record<string, string> {
    return this.body.errors ?? {};
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export interface CallOptions {
  signal?: AbortSignal;
  /** Do not show the warning toast (the caller shows the error itself, e.g. as form field errors). */
  silent?: boolean;
  /** A refused call (403 access denied) does not go back a page: for reads a page can do without (a picker). */
  stay?: boolean;
}

export type ErrorReporter = (error: ApiError, context: { method: string; url: string }) => void;
let reportError: ErrorReporter = (error, context) =>
  console.error('[api]', context.method, context.url, error.status, error.body);

/** Where 5xx failures are reported (an error-tracking service in production). */
export function setErrorReporter(fn: ErrorReporter): void {
  reportError = fn;
}

const ACCESS_DENIED = new Set<string>(ACCESS_DENIED_CODES);

/** Fills `:param` segments of a path from the input and returns the rest of the input. */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(value == null ? '' : String(value));
  });
  return { path: filled, rest };
}

const scalar = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

/** Query string of a read: undefined/null skipped, arrays repeated, objects as JSON. */
export function toQueryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, scalar(v)));
    else if (typeof value === 'object' && !(value instanceof Date)) params.append(key, JSON.stringify(value));
    else params.append(key, scalar(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function toFormData(input: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value)) value.forEach((v) => form.append(key, v instanceof Blob ? v : scalar(v)));
    else
      form.append(key, typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : scalar(value));
  }
  return form;
}

/**
 * Request headers of spec §7: Language always; Authorization, Cid and Bid with a session, except for public
 * calls (login, forget password ...), which never carry the clinic.
 */
export function requestHeaders(publicCall = false): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', Language: currentLanguage() };
  const session = publicCall ? null : getSession();
  if (session) {
    headers.Authorization = `Bearer ${session.token}`;
    headers.Cid = String(session.user.clinicId);
    if (session.branchId != null) headers.Bid = String(session.branchId);
  }
  return headers;
}

/** Headers of a provider console call: the provider's token, never the clinic's token, Cid or Bid. */
export function providerRequestHeaders(): Record<string, string> {
  const headers = requestHeaders(true);
  const session = getProviderSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  return headers;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorBodyOf(status: number, raw: unknown): ErrorBody {
  if (raw && typeof raw === 'object' && typeof (raw as ErrorBody).message === 'string') {
    const b = raw as ErrorBody;
    // data: values shown with the message (max_amount_exceeded's maximum), text only
    const data =
      b.data && typeof b.data === 'object' && Object.values(b.data).every((v) => typeof v === 'string') ? b.data : undefined;
    return { code: typeof b.code === 'string' ? b.code : 'unexpected', message: b.message, errors: b.errors, data };
  }
  const code = status === 401 ? 'session_expired' : status === 403 ? 'action_not_allowed' : 'unexpected';
  return { code, message: i18n.t(code, { ns: 'errors' }) };
}

/**
 * Calls one contract descriptor. Resolves with the output on 200/201; otherwise handles the failure as
 * spec §7/§8 say (no internet, 401 ends the session, 5xx reported, warnings toasted, access-denied goes back)
 * and rejects with an ApiError.
 */
export async function callApi<D extends CallDescriptor>(
  d: D,
  input: CallInput<D>,
  opts: CallOptions = {},
): Promise<CallOutput<D>> {
  const { path, rest } = fillPath(callPath(d), (input ?? {}) as Record<string, unknown>);
  const publicCall = 'public' in d.access && d.access.public === true;
  const providerCall = 'provider' in d.access && d.access.provider === true;
  const headers = providerCall ? providerRequestHeaders() : requestHeaders(publicCall);
  const init: RequestInit = { method: d.method, headers, signal: opts.signal };
  let url = path;
  if (readsQuery(d)) url += toQueryString(rest);
  else if (d.multipart) init.body = toFormData(rest);
  else {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(rest);
  }

  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const error = new ApiError(0, { code: 'no_internet', message: i18n.t('no_internet', { ns: 'errors' }) });
    if (!opts.silent) notify.warning(error.message);
    throw error;
  }

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    const error = new ApiError(0, { code: 'unexpected', message: i18n.t('unexpected', { ns: 'errors' }) });
    if (!opts.silent) notify.warning(error.message);
    throw error;
  }

  const raw = await readBody(res);
  if (res.status === 200 || res.status === 201) return raw as CallOutput<D>;

  const error = new ApiError(res.status, errorBodyOf(res.status, raw));
  if (res.status === 401 && providerCall) {
    // the provider's session ended: back to the provider's login (the clinic session is not touched)
    if (getProviderSession()) {
      clearProviderSession();
      if (!opts.silent) notify.warning(error.message);
      void navigateTo(PROVIDER_LOGIN_PATH, { replace: true });
    }
    throw error;
  }
  if (res.status === 401 && !publicCall && getSession()) {
    clearSession({ leaving: true });
    void navigateTo(IDLE_LOGOUT_PATH, { replace: true });
    throw error;
  }
  if (res.status >= 500 && res.status !== 502) reportError(error, { method: d.method, url });
  if (!opts.silent) notify.warning(error.message);
  if (ACCESS_DENIED.has(error.code) && !opts.stay) navigateBack();
  throw error;
}
