import { type CallDescriptor, callPath, readsQuery } from '@dental/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { providerAdmins, users } from '../src/platform/auth/identity.table.js';
import { signToken } from '../src/platform/auth/tokens.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { PASSWORD, type TestClinic, api, newClinic, newPatient, newUser, testApp } from './harness.js';

/**
 * Bad input never gives a 5xx: every registered call gets malformed inputs derived from its own zod schema (a
 * plausible input, then each kind of damage to it: wrong types, nulls, missing fields, huge and NUL strings, huge
 * numbers, impossible dates, deep nesting, arrays for objects) plus the transport's own damage (no body, invalid
 * JSON, a wrong content type, multipart without a boundary or cut short). Clinic calls go as the owner of a top-tier
 * clinic, provider calls as an RL0 admin, public calls without a token. Any answer of 500 or more fails the test
 * with the call, the variant and the answer. `FUZZ_STATS=1` prints the answers by status and each call's answer to
 * its plausible input (how deep the run reaches: a 400 there means the mutations mostly stop at validation).
 */
const t = await testApp();

type Schema = z.ZodType;
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;

const STRING_CANDIDATES = [
  'x',
  'Test1',
  'test@example.com',
  '2026-01-15',
  '2026-01-15T10:00:00.000Z',
  '10:00',
  '+201001234567',
  '01001234567',
  '#aabbcc',
  'abc-clinic',
  'Africa/Cairo',
  'EGP',
  'Passw0rd!x',
];
/** The candidates a plain text field takes (not an e-mail, a date, a phone…): NUL goes there to pass validation. */
const FREE_TEXT = STRING_CANDIDATES.slice(0, 2);
/** 2 first: the run's clinic has a patient 2 and a user 2 who is not the owner (so no call locks the owner out). */
const NUMBER_CANDIDATES = [2, 1, 10, 0, 100, 2026];

/** Later values, tried when a refinement compares two fields (start before end, a new date after an old one). */
const LATER_CANDIDATES = ['2026-01-16', '2026-01-15T11:00:00.000Z', '11:00', 3, 1000];
const ALL_CANDIDATES: unknown[] = [...STRING_CANDIDATES, ...NUMBER_CANDIDATES, ...LATER_CANDIDATES, true, false];

/** A plausible value for a schema: the first candidate it accepts (so formats, enums and refinements mostly pass). */
function sample(schema: Schema, depth = 0): unknown {
  const value = sampleByKind(schema, depth);
  if (value === undefined || schema.safeParse(value).success) return value;
  // a pipe or a refined leaf (a mobile number, a time zone): the first candidate the whole schema accepts
  return ALL_CANDIDATES.find((c) => schema.safeParse(c).success) ?? value;
}

/**
 * Where a refinement across fields still refuses the plausible input (confirmPassword, start before end), the
 * refused leaves try the other candidates, keeping a change that leaves fewer issues.
 */
function repaired(schema: Schema, base: Record<string, unknown>) {
  let best = base;
  let issues = schema.safeParse(best).error?.issues ?? [];
  for (let round = 0; round < 3 && issues.length; round++) {
    for (const issue of issues) {
      for (const candidate of ALL_CANDIDATES) {
        const next = setAt(best, issue.path as Array<string | number>, candidate) as Record<string, unknown>;
        const left = schema.safeParse(next).error?.issues ?? [];
        if (left.length < issues.length) {
          [best, issues] = [next, left];
          break;
        }
      }
    }
  }
  return best;
}

function sampleByKind(schema: Schema, depth: number): unknown {
  const def = defOf(schema);
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType as Schema, depth);
    case 'pipe': {
      const inner = defOf(def.in as Schema).type === 'transform' ? (def.out as Schema) : (def.in as Schema);
      return sample(inner, depth);
    }
    case 'lazy':
      return sample((def.getter as () => Schema)(), depth + 1);
    case 'string':
      return STRING_CANDIDATES.find((c) => schema.safeParse(c).success) ?? 'x';
    case 'number':
    case 'int':
      return NUMBER_CANDIDATES.find((c) => schema.safeParse(c).success) ?? 1;
    case 'boolean':
      return true;
    case 'date':
      return '2026-01-15T10:00:00.000Z';
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, Schema>).map(([k, v]) => [k, sample(v, depth + 1)]),
      );
    case 'array':
      return [sample(def.element as Schema, depth + 1)];
    case 'tuple':
      return (def.items as Schema[]).map((s) => sample(s, depth + 1));
    case 'union':
      return sample((def.options as Schema[])[0]!, depth);
    case 'intersection':
      return { ...(sample(def.left as Schema, depth) as object), ...(sample(def.right as Schema, depth) as object) };
    case 'record':
      return {};
    default:
      return 'x';
  }
}

/** Every leaf of a value replaced by `fn(leaf)` (strings, numbers, booleans), nesting kept. */
function mapLeaves(value: unknown, fn: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, fn));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, fn)]));
  return fn(value);
}
const countLeaves = (value: unknown): number =>
  value && typeof value === 'object' ? Object.values(value).reduce<number>((n, v) => n + countLeaves(v), 0) : 1;
const onStrings = (fn: (s: string) => unknown) => (leaf: unknown) => (typeof leaf === 'string' ? fn(leaf) : leaf);
const onNumbers = (fn: (n: number) => unknown) => (leaf: unknown) => (typeof leaf === 'number' ? fn(leaf) : leaf);
const looksLikeDate = (s: string) => /^\d{4}-\d{2}-\d{2}/.test(s);
const looksLikeTime = (s: string) => /^\d{2}:\d{2}$/.test(s);

/** The wrong kind of value for what is there. */
function wrongType(v: unknown): unknown {
  if (typeof v === 'string') return 12345;
  if (typeof v === 'number') return 'abc';
  if (typeof v === 'boolean') return 'maybe';
  if (Array.isArray(v)) return { a: 1 };
  if (v && typeof v === 'object') return [1, 'x'];
  return {};
}

/** The paths of the string and number leaves of a value (arrays by index), at most `max` of them. */
function leafPaths(value: unknown, max = 12): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  const walk = (v: unknown, path: Array<string | number>) => {
    if (out.length >= max) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    else if (typeof v === 'string' || typeof v === 'number') out.push(path);
  };
  walk(value, []);
  return out;
}
function setAt(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}
/** One field at a time, the rest plausible: what passes validation and still might break a query. */
function perFieldVariants(
  base: Record<string, unknown>,
  topLevelOnly: boolean,
): Array<[string, Record<string, unknown>]> {
  const paths = leafPaths(base).filter((p) => !topLevelOnly || p.length === 1);
  return paths.flatMap((path) => {
    const leaf = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], base);
    // past a 32-bit integer column, past a numeric(12,2) amount; a 1 MB text
    const bad = typeof leaf === 'number' ? [2 ** 31, 1e13] : ['y'.repeat(1_000_000)];
    return bad.map((b): [string, Record<string, unknown>] => [
      `${path.join('.')} = ${String(b).slice(0, 12)}`,
      setAt(base, path, b) as Record<string, unknown>,
    ]);
  });
}

const DEEP = 5000;
/** Named inputs built from the plausible one; the same for JSON bodies and query strings. */
function inputVariants(base: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  const keys = Object.keys(base);
  const huge = 'x'.repeat(Math.min(1_000_000, Math.floor(1_500_000 / Math.max(1, countLeaves(base)))));
  const variants: Array<[string, Record<string, unknown>]> = [
    ['plausible', base],
    ['missing fields', {}],
    ['wrong types', Object.fromEntries(keys.map((k) => [k, wrongType(base[k])]))],
    ['nulls', Object.fromEntries(keys.map((k) => [k, null]))],
    ['objects for fields', Object.fromEntries(keys.map((k) => [k, { nested: [base[k]] }]))],
    [
      'empty strings',
      mapLeaves(
        base,
        onStrings(() => ''),
      ) as Record<string, unknown>,
    ],
    [
      'NUL in strings',
      mapLeaves(
        base,
        onStrings((s) => `a\u0000${s}`),
      ) as Record<string, unknown>,
    ],
    [
      'NUL in free text',
      mapLeaves(
        base,
        onStrings((s) => (FREE_TEXT.includes(s) ? `${s}\u0000` : s)),
      ) as Record<string, unknown>,
    ],
    ['NUL in a key', { ...base, 'a\u0000b': 'x' }],
    // LIKE, regular-expression and full-text search syntax in plain text
    [
      'pattern characters',
      mapLeaves(
        base,
        onStrings((s) => (FREE_TEXT.includes(s) ? `%_\\[(*+?{:&|!'"` : s)),
      ) as Record<string, unknown>,
    ],
    [
      'blank text',
      mapLeaves(
        base,
        onStrings((s) => (FREE_TEXT.includes(s) ? ' \t ' : s)),
      ) as Record<string, unknown>,
    ],
    [
      'huge strings',
      mapLeaves(
        base,
        onStrings(() => huge),
      ) as Record<string, unknown>,
    ],
    [
      'lone surrogates',
      mapLeaves(
        base,
        onStrings((s) => `\ud800${s}\udfff`),
      ) as Record<string, unknown>,
    ],
    [
      'huge numbers',
      mapLeaves(
        base,
        onNumbers(() => 99_999_999_999),
      ) as Record<string, unknown>,
    ],
    [
      'enormous numbers',
      mapLeaves(
        base,
        onNumbers(() => 1e308),
      ) as Record<string, unknown>,
    ],
    [
      'negative fractions',
      mapLeaves(
        base,
        onNumbers(() => -1.5),
      ) as Record<string, unknown>,
    ],
  ];
  const dated = (fn: (s: string) => string) =>
    mapLeaves(
      base,
      onStrings((s) => (looksLikeDate(s) || looksLikeTime(s) ? fn(s) : s)),
    ) as Record<string, unknown>;
  if (JSON.stringify(base).match(/"\d{4}-\d{2}-\d{2}|"\d{2}:\d{2}"/)) {
    variants.push([
      'impossible dates',
      dated((s) => (looksLikeTime(s) ? '25:99' : s.length > 10 ? '2026-02-31T25:61:00Z' : '2026-02-31')),
    ]);
    variants.push(['far dates', dated((s) => (looksLikeTime(s) ? '23:59:59.999999' : '275760-09-13'))]);
    // well-formed, but at the edge of what PostgreSQL's date and timestamp types hold
    variants.push([
      'year 0',
      dated((s) => (looksLikeTime(s) ? '24:00' : s.length > 10 ? '0000-01-01T00:00:00.000Z' : '0000-01-01')),
    ]);
    variants.push([
      'year 9999',
      dated((s) => (looksLikeTime(s) ? '00:00' : s.length > 10 ? '9999-12-31T23:59:59.999Z' : '9999-12-31')),
    ]);
    // the same years with month, day and time kept, so start-before-end rules still pass
    for (const year of ['0000', '0001', '9999'])
      variants.push([`year ${year}, order kept`, dated((s) => (looksLikeDate(s) ? `${year}${s.slice(4)}` : s))]);
  }
  return variants;
}

function fillPath(d: CallDescriptor, input: Record<string, unknown>) {
  return callPath(d).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(input[name] ?? 'x')));
}

/** Query strings carry text: arrays stay arrays (repeated keys), objects become their JSON. */
function toQuery(input: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [
      k,
      Array.isArray(v)
        ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)))
        : typeof v === 'object' && v !== null
          ? JSON.stringify(v)
          : String(v),
    ]),
  );
}

function multipartBody(fields: Record<string, string>, file?: { field: string; name: string; data: Buffer }) {
  const boundary = 'dentixfuzzboundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The fields of an object schema (through pipes, defaults and the like); {} for anything else. */
function shapeOf(schema: Schema): Record<string, Schema> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, Schema>;
  if (def.type === 'pipe') return shapeOf((defOf(def.in as Schema).type === 'transform' ? def.out : def.in) as Schema);
  if (def.innerType) return shapeOf(def.innerType as Schema);
  return {};
}
/** What is sent once more with the required fields alone. */
const MINIMAL_VARIANTS = /^(plausible|NUL in free text|pattern characters|year|huge numbers|enormous numbers)/;

/** Every request of one call: [variant name, inject options]. */
function requestsFor(d: CallDescriptor, headers: Record<string, string>): Array<[string, InjectOptions]> {
  const base = (sample(d.input) ?? {}) as Record<string, unknown>;
  const plain = typeof base === 'object' && !Array.isArray(base) ? repaired(d.input, base) : {};
  const out: Array<[string, InjectOptions]> = [];
  const url = fillPath(d, plain);
  if (d.multipart) {
    const fields = Object.fromEntries(
      Object.entries(plain).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    const image = { field: 'formFile', name: 'a.png', data: Buffer.from('not an image') };
    /** The call's own fields, its schema as the JSON part `data` (SaveClinic), and a file that is not an image. */
    const all = (f: Record<string, string>) => multipartBody({ ...f, data: JSON.stringify(plain) }, image);
    const good = all(fields);
    const nul = all(Object.fromEntries(Object.keys(fields).map((k) => [k, 'a\u0000b'])));
    const nulJson = multipartBody({
      data: JSON.stringify(
        mapLeaves(
          plain,
          onStrings((s) => `a\u0000${s}`),
        ),
      ),
    });
    const nulName = multipartBody(fields, { field: 'formFile', name: 'a\u0000.png', data: Buffer.from('x') });
    const wrong = multipartBody({ ...Object.fromEntries(Object.keys(fields).map((k) => [k, 'abc'])), data: '{"a":' });
    const many = multipartBody(fields, { field: 'files', name: 'a.pdf', data: Buffer.from('%PDF-1.4 nope') });
    const post = (body: Buffer | string, contentType: string): InjectOptions => ({
      method: d.method,
      url,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });
    out.push(
      ['multipart plausible', post(good.body, good.contentType)],
      ['multipart NUL fields', post(nul.body, nul.contentType)],
      ['multipart NUL in JSON part', post(nulJson.body, nulJson.contentType)],
      ['multipart NUL file name', post(nulName.body, nulName.contentType)],
      ['multipart wrong fields', post(wrong.body, wrong.contentType)],
      ['multipart other file part', post(many.body, many.contentType)],
      ['multipart without boundary', post(good.body, 'multipart/form-data')],
      ['multipart cut short', post(good.body.subarray(0, Math.floor(good.body.length / 2)), good.contentType)],
      ['multipart empty', post(Buffer.alloc(0), good.contentType)],
      ['multipart garbage', post('--dentixfuzzboundary\r\nnonsense', good.contentType)],
      ['JSON instead of multipart', { method: d.method, url, headers, payload: plain }],
      ['no body', { method: d.method, url, headers }],
    );
    return out;
  }
  // the required fields alone: an optional id that names nothing (404) no longer stops the call before its query
  const shape = shapeOf(d.input);
  const required = repaired(
    d.input,
    Object.fromEntries(Object.entries(plain).filter(([k]) => !shape[k]?.safeParse(undefined).success)),
  );
  const variants = [
    ...inputVariants(plain),
    ...perFieldVariants(plain, readsQuery(d)),
    ...inputVariants(required)
      .filter(([name]) => MINIMAL_VARIANTS.test(name))
      .concat(perFieldVariants(required, readsQuery(d)))
      .map(([name, input]): [string, Record<string, unknown>] => [`required only, ${name}`, input]),
  ];
  if (readsQuery(d)) {
    for (const [name, input] of variants) {
      out.push([name, { method: d.method, url: fillPath(d, { ...plain, ...input }), headers, query: toQuery(input) }]);
    }
    out.push([
      'repeated keys',
      { method: d.method, url, headers, query: Object.fromEntries(Object.keys(plain).map((k) => [k, ['1', 'x']])) },
    ]);
    out.push([
      'raw NUL in the URL',
      {
        method: d.method,
        url: `${url}?${
          Object.keys(plain)
            .map((k) => `${k}=a%00b`)
            .join('&') || 'search=a%00b'
        }`,
        headers,
      },
    ]);
    out.push([
      'brackets',
      {
        method: d.method,
        url: `${url}?${
          Object.keys(plain)
            .map((k) => `${k}[a][b]=1&${k}[]=2`)
            .join('&') || 'a[b]=1'
        }`,
        headers,
      },
    ]);
    return out;
  }
  const first = Object.keys(plain)[0] ?? 'x';
  const json = (payload: string, contentType = 'application/json'): InjectOptions => ({
    method: d.method,
    url,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  for (const [name, input] of variants) {
    const nulPath = name === 'NUL in strings' ? fillPath(d, input) : url;
    out.push([name, { method: d.method, url: nulPath, headers, payload: input }]);
  }
  out.push(
    ['no body', { method: d.method, url, headers }],
    ['invalid JSON', json('{"a": ')],
    ['JSON null', json('null')],
    ['JSON string', json('"text"')],
    ['array body', json(JSON.stringify([plain]))],
    ['wrong content type', json('hello', 'text/plain')],
    ['form content type', json(`${first}=1`, 'application/x-www-form-urlencoded')],
    ['deep nesting', json(`{"${first}":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`)],
    ['deep objects', json(`${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`)],
    ['prototype keys', json(`{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}},"${first}":1}`)],
  );
  return out;
}

/** A fresh token of the clinic's owner with the owner's current token version (whatever the run did to the login). */
async function ownerToken(c: TestClinic) {
  const [owner] = await t.database.db.select().from(users).where(eq(users.id, c.ownerId));
  const claims = { kind: 'clinic' as const, sub: c.ownerId, cid: c.clinicId, ver: owner!.tokenVersion };
  return signToken(claims, t.app.deps.config.TOKEN_SECRET, 1).token;
}

async function providerToken() {
  const email = `fuzz-admin-${Date.now()}@dentix.test`;
  await t.database.db.insert(providerAdmins).values({ email, passwordHash: await hashPassword(PASSWORD) });
  const res = await api(t).post('/api/AdminAccount/Login', { Email: email, Password: PASSWORD });
  return res.json().token as string;
}

describe('bad input never gives a 5xx', () => {
  it(
    'every registered call answers malformed input with 4xx (or success), never 500',
    { timeout: 600_000 },
    async () => {
      const clinic = await newClinic(t, { tier: 'ST3' });
      // patients 1 and 2 and a user 2 exist, so plausible ids reach deeper
      await newPatient(t, clinic);
      await newPatient(t, clinic);
      await newUser(t, clinic, ['patient_list']);
      const admin = await providerToken();
      const failures: string[] = [];
      let sent = 0;
      const stats: Record<string, number> = {};
      const calls = [...t.app.deps.calls].sort((a, b) => callPath(a).localeCompare(callPath(b)));
      for (const d of calls) {
        const a = d.access as { public?: boolean; provider?: boolean };
        const tokenOf = () => (a.public ? undefined : a.provider ? admin : clinic.token);
        const send = (options: InjectOptions) => {
          const token = tokenOf();
          return t.app.inject({
            ...options,
            headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          });
        };
        for (const [variant, options] of requestsFor(d, { language: 'en' })) {
          let res = await send(options);
          if (res.statusCode === 401 && !a.public && !a.provider) {
            // a call of the run ended the owner's session (a password reset, a new e-mail): a new token, once more
            clinic.token = await ownerToken(clinic);
            res = await send(options);
          }
          sent++;
          if (process.env.FUZZ_STATS) stats[`${res.statusCode}`] = (stats[`${res.statusCode}`] ?? 0) + 1;
          if (process.env.FUZZ_STATS && variant.includes('plausible'))
            console.log('PLAUSIBLE', res.statusCode, callPath(d), res.body.slice(0, 150));
          if (res.statusCode >= 500)
            failures.push(`${d.method} ${callPath(d)} [${variant}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      if (process.env.FUZZ_STATS) console.log(stats);
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(calls.length * 10);
      // the owner's token survived the run, so the later calls were really tried as the owner
      const check = await api(t, clinic.token).get('/api/Lookups/GetClinic');
      expect(check.statusCode).toBe(200);
    },
  );
});

describe('the rules the run above relies on', () => {
  const MULTIPART_CALLS = [
    '/api/User/UploadImage',
    '/api/Patient/SavePatientPhoto',
    '/api/Patient/SaveAttachments',
    '/api/Lookups/SaveClinic',
  ];

  it('a NUL character anywhere in the input is a 400 text_nul_character naming the field, in the caller language', async () => {
    const c = await newClinic(t);
    const save = await api(t, c.token).post('/api/Lookups/SaveRoom', { name: 'a\u0000b', color: '#aabbcc' });
    expect(save.statusCode).toBe(400);
    expect(save.json()).toEqual({
      code: 'text_nul_character',
      message: 'The text contains a character that is not allowed (NUL)',
      errors: { name: 'The text contains a character that is not allowed (NUL)' },
    });
    const fr = await api(t, c.token, { language: 'fr' }).post('/api/Lookups/SaveRoom', {
      name: 'ok',
      nested: { 'k\u0000': 1 },
    });
    expect(fr.json().message).toBe('Le texte contient un caractère non autorisé (NUL)');
    const list = await t.app.inject({
      url: '/api/Lookups/GetRooms?search=a%00b',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect([list.statusCode, list.json().code]).toEqual([400, 'text_nul_character']);
    expect(list.json().message).toMatch(/NUL/); // Arabic by default, naming the character
    const publicCall = await api(t).post('/api/WithoutAuthorize/ForgetPassword', {
      clinicName: 'demo',
      email: 'a\u0000@x.test',
    });
    expect([publicCall.statusCode, publicCall.json().code]).toEqual([400, 'text_nul_character']);
    const inPath = await t.app.inject({
      method: 'POST',
      url: '/api/WithoutAuthorize/a%00b/Login',
      payload: { Email: 'x', Password: 'y' },
    });
    expect([inPath.statusCode, inPath.json().code]).toEqual([400, 'text_nul_character']);
  });

  /** A multipart POST as the user of `token`, answered in English. */
  const postForm = (token: string, url: string, form: { body: Buffer; contentType: string }) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: form.body,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, language: 'en' },
    });

  it('a NUL in a multipart field, a file name or the JSON part of SaveClinic is a 400 text_nul_character', async () => {
    const c = await newClinic(t);
    const photo = await postForm(c.token, '/api/Patient/SavePatientPhoto', multipartBody({ patientId: '1\u0000' }));
    expect([photo.statusCode, photo.json().code, photo.json().errors]).toEqual([
      400,
      'text_nul_character',
      { patientId: 'The text contains a character that is not allowed (NUL)' },
    ]);
    const named = multipartBody(
      { patientId: '1' },
      { field: 'files', name: 'x\u0000.pdf', data: Buffer.from('%PDF-1.4') },
    );
    const attachment = await postForm(c.token, '/api/Patient/SaveAttachments', named);
    expect([attachment.statusCode, attachment.json().code]).toEqual([400, 'text_nul_character']);
    const json = multipartBody({ data: JSON.stringify({ displayName: 'a\u0000b' }) });
    const clinic = await postForm(c.token, '/api/Lookups/SaveClinic', json);
    expect([clinic.statusCode, clinic.json().code]).toEqual([400, 'text_nul_character']);
  });

  it('a multipart body without a boundary, cut short or malformed is a 400 multipart_invalid on every upload call', async () => {
    const c = await newClinic(t);
    const patientId = await newPatient(t, c);
    const good = multipartBody(
      { patientId: String(patientId), userId: String(c.ownerId), data: '{}' },
      { field: 'formFile', name: 'a.png', data: Buffer.alloc(2000, 1) },
    );
    for (const url of MULTIPART_CALLS) {
      for (const [contentType, payload] of [
        ['multipart/form-data', good.body],
        [good.contentType, good.body.subarray(0, good.body.length - 1500)],
        [good.contentType, Buffer.from('--dentixfuzzboundary\r\nnonsense')],
      ] as const) {
        const res = await postForm(c.token, url, { body: Buffer.from(payload), contentType });
        expect([url, res.statusCode, res.json()]).toEqual([
          url,
          400,
          { code: 'multipart_invalid', message: 'The uploaded form could not be read, please try again' },
        ]);
      }
    }
  });

  it('a calendar date or an instant outside 1900-2999 is a 400 field_invalid (PostgreSQL has no year 0, nor the day after 9999-12-31)', async () => {
    const c = await newClinic(t);
    const user = api(t, c.token);
    for (const [from, to] of [
      ['0000-01-01', '2026-01-01'],
      ['2026-01-01', '9999-12-31'],
      ['1899-12-31', '2026-01-01'],
    ]) {
      const vacations = await user.get('/api/Cleander/GetVacations', { from, to });
      const search = await user.post('/api/Patient/PostSearchPatients', { createdFrom: from, createdTo: to });
      const approved = await user.get('/api/Patient/GetPatientsApproved', { createdFrom: from, createdTo: to });
      for (const res of [vacations, search, approved])
        expect([res.statusCode, res.json().code]).toEqual([400, 'validation']);
      expect(Object.values(search.json().errors)).toEqual(['Invalid value']);
    }
    const edges = await user.post('/api/Patient/PostSearchPatients', {
      createdFrom: '1900-01-01',
      createdTo: '2999-12-31',
    });
    expect(edges.statusCode).toBe(200);
    // instants too: the calendar read year 0 (and an offset pushing year 1 into year 0) as a 500
    for (const [from, to] of [
      ['0000-01-15T10:00:00Z', '0000-01-15T11:00:00Z'],
      ['0001-01-01T00:00:00+14:00', '0001-01-01T01:00:00+14:00'],
      ['9999-12-31T10:00:00-10:00', '9999-12-31T11:00:00-10:00'],
    ]) {
      const calendar = await user.get('/api/Cleander/GetAppointments', { from, to });
      expect([calendar.statusCode, calendar.json().errors]).toEqual([
        400,
        { from: 'Invalid value', to: 'Invalid value' },
      ]);
    }
    const inRange = await user.get('/api/Cleander/GetAppointments', {
      from: '2999-12-30T10:00:00Z',
      to: '2999-12-31T10:00:00Z',
    });
    expect(inRange.statusCode).toBe(200);
  });

  it('without a valid token a clinic or provider call is 401 before its input is looked at; a public call still validates', async () => {
    for (const [method, url] of [
      ['POST', '/api/Lookups/SaveRoom'],
      ['GET', '/api/Lookups/GetRooms'],
      ['POST', '/api/AdminAccount/RegisterUser'],
      ['POST', '/api/Patient/SavePatientPhoto'],
    ] as const) {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const res = await t.app.inject({
          method,
          url: method === 'GET' ? `${url}?page=-1&search=a%00b` : url,
          headers: {
            language: 'en',
            ...(authorization ? { authorization } : {}),
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST' ? { payload: '{"name": 5, "page": ' } : {}),
        });
        expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 'session_expired']);
      }
    }
    const clinicToken = (await newClinic(t)).token; // a clinic token is not a provider token
    const wrongKind = await api(t, clinicToken).post('/api/AdminAccount/RegisterUser', { Email: 5 });
    expect([wrongKind.statusCode, wrongKind.json().code]).toEqual([401, 'session_expired']);
    const publicCall = await api(t).post('/api/WithoutAuthorize/ForgetPassword', { email: 5 });
    expect([publicCall.statusCode, publicCall.json().code]).toEqual([400, 'validation']);
  });
});
