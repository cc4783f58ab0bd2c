import { currentLanguage } from '../../lib/i18n';

/** The Arabic text in Arabic, the English text in English and French (the questionnaire is written in both). */
export const localText = (ar: string, en: string) => (currentLanguage() === 'ar' ? ar : en);
