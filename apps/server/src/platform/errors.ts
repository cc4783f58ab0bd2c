import { DEFAULT_LANGUAGE, ERROR_CATALOGUE, type ErrorCode, type Language, LANGUAGES } from '@dental/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type core } from 'zod';

/** A refusal the caller can act on: a catalogue code, its status, optional field messages. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Partial<Record<string, ErrorCode>>,
    /** Values the caller shows with the message (e.g. `maximum` of max_amount_exceeded), sent as the answer's `data`. */
    readonly data?: Record<string, string>,
    /** Per language, the values of the message's `{name}` placeholders (e.g. the two statuses of a refused move). */
    readonly params?: Partial<Record<Language, Record<string, string>>>,
  ) {
    super(code);
  }
  get status() {
    return ERROR_CATALOGUE[this.code].status || 400;
  }
}

export const fail = (code: ErrorCode, fields?: Partial<Record<string, ErrorCode>>): never => {
  throw new AppError(code, fields);
};

export function requestLanguage(req: FastifyRequest): Language {
  const raw = String(req.headers['language'] ?? '').toLowerCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(raw) ? (raw as Language) : DEFAULT_LANGUAGE;
}

const isCode = (m: string): m is ErrorCode => m in ERROR_CATALOGUE;

/** Turns one zod issue into a catalogue code: the schema's own message when it is a code, else by kind. */
export function issueCode(issue: Pick<core.$ZodIssue, 'code' | 'message'> & { input?: unknown }): ErrorCode {
  if (isCode(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'field_required';
  if (issue.code === 'too_big') return 'field_too_long';
  return 'field_invalid';
}

export function fieldMessages(issues: readonly (Pick<core.$ZodIssue, 'code' | 'message' | 'path'> & { input?: unknown })[], lang: Language) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= ERROR_CATALOGUE[issueCode(issue)][lang];
  }
  return errors;
}

const PG_CODES: Record<string, ErrorCode> = { '23505': 'name_exists', '23503': 'cannot_delete_in_use' };

type PgError = { code?: string; table?: string; constraint?: string; cause?: PgError };

/** Whether a database error is a unique violation (of this index, when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as PgError)?.cause ?? (error as PgError);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * The input field of a unique violation, from the index's name by the house convention `<table>_<column>_uq`
 * (rooms_name_uq -> name, payment_types_name_ar_uq -> nameAr). Both engines report the table and the constraint
 * (PGlite gives no detail). None for an index not named that way, or one that is not a field (`<table>_default_uq`).
 */
export function uniqueViolationFields(error: unknown): string[] {
  const e = (error as PgError).cause ?? (error as PgError);
  const column = e.table && e.constraint?.startsWith(`${e.table}_`) ? /^(.+)_uq$/.exec(e.constraint.slice(e.table.length + 1))?.[1] : undefined;
  if (!column || column === 'default') return [];
  return [column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())];
}

/** Every failure leaves as { code, message, errors? } in the request's language; only a real bug is a 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
    const lang = requestLanguage(req);
    if (error instanceof AppError) {
      const errors = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, c]) => [k, ERROR_CATALOGUE[c!][lang]]))
        : undefined;
      const params = error.params?.[lang] ?? {};
      const message = ERROR_CATALOGUE[error.code][lang].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
      return reply.status(error.status).send({ code: error.code, message, errors, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        code: v.keyword as core.$ZodIssue['code'],
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
        input: (v.params as { input?: unknown }).input,
      }));
      return reply.status(400).send({ code: 'validation', message: ERROR_CATALOGUE.validation[lang], errors: fieldMessages(issues, lang) });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ code: 'validation', message: ERROR_CATALOGUE.validation[lang], errors: fieldMessages(error.issues, lang) });
    }
    const pgCode = (error as PgError).cause?.code ?? (error as PgError).code;
    if (pgCode && PG_CODES[pgCode]) {
      const code = PG_CODES[pgCode];
      req.log.warn({ err: error }, 'database constraint refused a change');
      const fields = pgCode === '23505' ? uniqueViolationFields(error) : [];
      const errors = fields.length ? Object.fromEntries(fields.map((f) => [f, ERROR_CATALOGUE[code][lang]])) : undefined;
      return reply.status(ERROR_CATALOGUE[code].status).send({ code, message: ERROR_CATALOGUE[code][lang], errors });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code: ErrorCode = status === 413 ? 'file_too_large' : status === 404 ? 'route_not_found' : 'field_invalid';
      return reply.status(status).send({ code, message: ERROR_CATALOGUE[code][lang] });
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: 'unexpected', message: ERROR_CATALOGUE.unexpected[lang] });
  });
}
