import type { Language } from '@dental/contract';

/** Each language named in itself, so a user can find theirs whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { ar: 'العربية', en: 'English', fr: 'Français' };
