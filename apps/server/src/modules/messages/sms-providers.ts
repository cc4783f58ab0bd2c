import type { Config } from '../../platform/config.js';

/** What a provider answered: sent (with its message id or answer), or not, and whether trying again may help. */
export interface SmsResult {
  ok: boolean;
  answer: string;
  /** A temporary failure (network, 5xx, 429): the outbox tries again with backoff. */
  retry: boolean;
}
export interface SmsProvider {
  name: string;
  send(to: string, text: string): Promise<SmsResult>;
}

const TIMEOUT_MS = 15_000;
const ANSWER_MAX = 1000;

async function call(url: string, init: RequestInit, successText?: string): Promise<SmsResult> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    return { ok: false, retry: true, answer: `network: ${(err as Error).message}`.slice(0, ANSWER_MAX) };
  }
  const body = (await res.text().catch(() => '')).slice(0, ANSWER_MAX);
  const answer = `${res.status} ${body}`.trim();
  if (res.ok && (!successText || body.includes(successText))) return { ok: true, retry: false, answer };
  return { ok: false, retry: res.status >= 500 || res.status === 429, answer };
}

/** Twilio's REST API (Messages resource), with fetch: no SDK. */
function twilio(config: Config): SmsProvider {
  const sid = config.TWILIO_ACCOUNT_SID;
  const token = config.TWILIO_AUTH_TOKEN;
  if (!sid || !token || !(config.TWILIO_MESSAGING_SERVICE_SID || config.SMS_FROM))
    throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM or TWILIO_MESSAGING_SERVICE_SID');
  const url = `${config.TWILIO_API_URL.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  return {
    name: 'twilio',
    send: (to, text) => {
      const form = new URLSearchParams({ To: to, Body: text });
      if (config.TWILIO_MESSAGING_SERVICE_SID) form.set('MessagingServiceSid', config.TWILIO_MESSAGING_SERVICE_SID);
      else form.set('From', config.SMS_FROM!);
      return call(url, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    },
  };
}

/**
 * A generic HTTP gateway (the Egyptian and Saudi aggregators take a GET or POST with the number, the text, a sender
 * name and a key): SMS_HTTP_URL and SMS_HTTP_BODY are templates with {to} {text} {from} — URL-encoded in the URL
 * and in a form body, JSON-escaped in a JSON body; {to} is the number in international format without '+'
 * ({to+} keeps it).
 */
function httpGateway(config: Config): SmsProvider {
  if (!config.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
  let headers: Record<string, string> = {};
  if (config.SMS_HTTP_HEADERS) {
    const parsed: unknown = JSON.parse(config.SMS_HTTP_HEADERS);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('SMS_HTTP_HEADERS must be a JSON object');
    headers = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  const contentType = config.SMS_HTTP_CONTENT_TYPE;
  const json = contentType.includes('json');
  const fill = (template: string, to: string, text: string, escape: (v: string) => string) =>
    template.replace(/\{(to\+?|text|from)\}/g, (_, name: string) =>
      escape(name === 'to' ? to.replace(/^\+/, '') : name === 'to+' ? to : name === 'text' ? text : (config.SMS_FROM ?? '')),
    );
  const jsonEscape = (v: string) => JSON.stringify(v).slice(1, -1);
  return {
    name: 'http',
    send: (to, text) => {
      const url = fill(config.SMS_HTTP_URL!, to, text, encodeURIComponent);
      const init: RequestInit = { method: config.SMS_HTTP_METHOD, headers: { ...headers } };
      if (config.SMS_HTTP_METHOD === 'POST' && config.SMS_HTTP_BODY) {
        init.body = fill(config.SMS_HTTP_BODY, to, text, json ? jsonEscape : encodeURIComponent);
        (init.headers as Record<string, string>)['content-type'] = contentType;
      }
      return call(url, init, config.SMS_HTTP_SUCCESS_TEXT);
    },
  };
}

/** The provider of SMS_PROVIDER, or null for 'none' (messages stay queued in the outbox). */
export function smsProvider(config: Config): SmsProvider | null {
  if (config.SMS_PROVIDER === 'twilio') return twilio(config);
  if (config.SMS_PROVIDER === 'http') return httpGateway(config);
  return null;
}
