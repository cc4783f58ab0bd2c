import { nameIn } from '../../lib/local-name';
import { currentLanguage } from '../../lib/i18n';

/** The text in the UI language: Arabic, English, or French (the English text while there is no French one). */
export const localText = (ar: string, en: string, fr?: string | null) => nameIn(currentLanguage(), ar, en, fr);
