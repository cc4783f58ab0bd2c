import { AppError } from './errors.js';

/**
 * PostgreSQL refuses the NUL character (U+0000) in text and jsonb, so a NUL that reached a query would be a 500.
 * Every call's input (body, query string, path parameters, multipart fields and file names) is searched for it
 * before validation: a NUL anywhere, in a value or in a key, is a 400 `text_nul_character` naming the field.
 * The walk is iterative, so no nesting depth can overflow the stack.
 */
export function findNul(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path || '_';
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes('\u0000')) return join(path, key.replaceAll('\u0000', ''));
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return null;
}

/** Throws 400 `text_nul_character` when the value holds a NUL anywhere. */
export function refuseNul(value: unknown) {
  const path = findNul(value);
  if (path !== null) throw new AppError('text_nul_character', { [path]: 'text_nul_character' });
}
