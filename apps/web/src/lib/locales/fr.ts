// Every string of one language (the shell's files and each feature's), in a chunk of its own: a browser loads only
// the language it shows (lib/i18n.ts, loadLanguage).
type Dictionary = Record<string, unknown>;
export const shell = import.meta.glob<Dictionary>('../../locales/fr/*.json', { eager: true, import: 'default' });
export const features = import.meta.glob<Dictionary>('../../features/*/locales/fr.json', { eager: true, import: 'default' });
