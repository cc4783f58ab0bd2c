import { describe, expect, it } from 'vitest';
import { ACCESS_DENIED_CODES, ERROR_CATALOGUE, errorMessage } from './errors.js';

describe('error catalogue', () => {
  it('has a non-empty ar, en and fr text and an HTTP status for every code', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      for (const lang of ['ar', 'en', 'fr'] as const) expect(entry[lang].trim(), `${code}.${lang}`).not.toBe('');
      expect(entry.ar, code).not.toBe(entry.en);
    }
  });
  it('translates by language', () => {
    expect(errorMessage('session_expired', 'en')).toBe('Session expired, please login again');
    expect(errorMessage('session_expired', 'ar')).toMatch(/انتهت الجلسة/);
    expect(errorMessage('invalid_working_hours', 'fr')).toBe('Heures de travail non valides');
  });
  it('the access-denied codes the server sends are in the catalogue with status 403', () => {
    for (const code of ['BS11', 'BS13', 'BS14', 'BS15', 'BS16'] as const) {
      expect(ACCESS_DENIED_CODES).toContain(code);
      expect(ERROR_CATALOGUE[code].status).toBe(403);
    }
  });
});
