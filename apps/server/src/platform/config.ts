import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, with a safe default for the embedded mode (README lists them). */
const envSchema = z.object({
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  FILES_DIR: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(10),
  TOKEN_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Dentix <no-reply@dentix.local>'),
  SEED_DEMO: bool.optional(),
  LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  PROVIDER_WHATSAPP: z.string().default('201000000000'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'TOKEN_SECRET' | 'SEED_DEMO' | 'FILES_DIR'> & {
  TOKEN_SECRET: string;
  FILES_DIR: string;
  SEED_DEMO: boolean;
  embedded: boolean;
};

/** Reads the environment. In embedded mode a missing token secret is created once and kept in the data folder. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.parse(env);
  const embedded = !parsed.DATABASE_URL;
  const dataDir = resolve(parsed.DATA_DIR);
  let secret = parsed.TOKEN_SECRET;
  if (!secret) {
    if (!embedded) throw new Error('TOKEN_SECRET (32+ characters) is required when DATABASE_URL is set');
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'token-secret');
    if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    secret = readFileSync(file, 'utf8').trim();
  }
  return {
    ...parsed,
    DATA_DIR: dataDir,
    FILES_DIR: resolve(parsed.FILES_DIR ?? join(dataDir, 'files')),
    TOKEN_SECRET: secret,
    SEED_DEMO: parsed.SEED_DEMO ?? embedded,
    embedded,
    ...overrides,
  };
}
