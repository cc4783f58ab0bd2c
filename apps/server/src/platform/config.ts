import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MAX_UPLOAD_MB } from '@dental/contract';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, with a safe default for the embedded mode (README lists them). */
const envSchema = z.object({
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** The schema owner's URL: migrations, tenancy rules, demo seeding; DATABASE_URL then serves requests only. */
  MIGRATION_DATABASE_URL: z.string().optional(),
  /** Start even when the DATABASE_URL role is a superuser, has BYPASSRLS or owns the tables (warns). */
  ALLOW_PRIVILEGED_DATABASE_ROLE: bool.default(false),
  /** How DATABASE_URL reaches PostgreSQL: directly or a session-mode pooler, or a transaction-mode pooler (platform/db/pooler.ts). */
  DATABASE_POOLER: z.enum(['session', 'transaction']).default('session'),
  DATA_DIR: z.string().default('./data'),
  FILES_DIR: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(DEFAULT_MAX_UPLOAD_MB),
  TOKEN_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Dentix <no-reply@dentix.local>'),
  SEED_DEMO: bool.optional(),
  LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  FORGET_PASSWORD_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  FORGET_PASSWORD_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  PROVIDER_WHATSAPP: z.string().default('201000000000'),
  WEB_DIST: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/).optional(),
  // messages and jobs (issue 17, docs/messaging.md, docs/jobs.md)
  /** Run the job queue (reminders, the outbox sender, auto-missed) in this process. */
  JOBS_ENABLED: bool.default(true),
  SMS_PROVIDER: z.enum(['none', 'twilio', 'http']).default('none'),
  /** Sender name or number the provider shows (Twilio: its From number, unless a messaging service is set). */
  SMS_FROM: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** The generic gateway: URL, method and body templates with {to} {text} {from}; extra headers as a JSON object. */
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_METHOD: z.enum(['GET', 'POST']).default('POST'),
  SMS_HTTP_BODY: z.string().optional(),
  SMS_HTTP_CONTENT_TYPE: z.string().default('application/json'),
  SMS_HTTP_HEADERS: z.string().optional(),
  /** Text the gateway's answer must contain to count as sent (besides a 2xx status); unset: any 2xx. */
  SMS_HTTP_SUCCESS_TEXT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-For to believe for the caller's address (login and booking limits): unset or
   * 'false' none (the socket's address), a number of proxy hops, 'true' every one, or addresses/CIDRs
   * separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string => {
      const s = v.trim();
      if (s === '' || s === 'false' || s === '0') return false;
      if (s === 'true') return true;
      return /^\d+$/.test(s) ? Number(s) : s;
    }),
});

export type Config = Omit<z.infer<typeof envSchema>, 'TOKEN_SECRET' | 'SEED_DEMO' | 'FILES_DIR' | 'VAPID_SUBJECT'> & {
  TOKEN_SECRET: string;
  /** Contact sent to push services with every push; from MAIL_FROM when not set. */
  VAPID_SUBJECT: string;
  FILES_DIR: string;
  SEED_DEMO: boolean;
  embedded: boolean;
};

/** Reads the environment. In embedded mode a missing token secret is created once and kept in the data folder. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.parse(env);
  const embedded = !parsed.DATABASE_URL;
  if (embedded && parsed.MIGRATION_DATABASE_URL) throw new Error('MIGRATION_DATABASE_URL needs DATABASE_URL (the role that serves requests)');
  const dataDir = resolve(parsed.DATA_DIR);
  let secret = parsed.TOKEN_SECRET;
  if (!secret) {
    if (!embedded) throw new Error('TOKEN_SECRET (32+ characters) is required when DATABASE_URL is set');
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'token-secret');
    if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    secret = readFileSync(file, 'utf8').trim();
  }
  const vapid = vapidKeys(parsed.VAPID_PUBLIC_KEY, parsed.VAPID_PRIVATE_KEY, embedded, dataDir);
  const mailAddress = /<([^>]+)>/.exec(parsed.MAIL_FROM)?.[1] ?? parsed.MAIL_FROM;
  return {
    ...parsed,
    VAPID_PUBLIC_KEY: vapid?.publicKey,
    VAPID_PRIVATE_KEY: vapid?.privateKey,
    VAPID_SUBJECT: parsed.VAPID_SUBJECT ?? `mailto:${mailAddress.trim()}`,
    DATA_DIR: dataDir,
    FILES_DIR: resolve(parsed.FILES_DIR ?? join(dataDir, 'files')),
    TOKEN_SECRET: secret,
    SEED_DEMO: parsed.SEED_DEMO ?? embedded,
    embedded,
    ...overrides,
  };
}

/**
 * The VAPID key pair of browser push. Both keys or none; with DATABASE_URL and none, push is off. In embedded mode a
 * missing pair is created once (P-256, base64url as browsers expect it) and kept in the data folder.
 */
function vapidKeys(publicKey: string | undefined, privateKey: string | undefined, embedded: boolean, dataDir: string) {
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (publicKey || privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  if (!embedded) return undefined;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const key = ecdh.getPrivateKey();
    const padded = Buffer.concat([Buffer.alloc(32 - key.length), key]); // a leading zero byte is dropped otherwise
    const pair = { publicKey: ecdh.getPublicKey('base64url'), privateKey: padded.toString('base64url') };
    const temp = `${file}.${process.pid}.tmp`; // written whole, then renamed: a parallel start never reads half a file
    writeFileSync(temp, JSON.stringify(pair), { mode: 0o600 });
    renameSync(temp, file);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}
