import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The face every PDF is set in: IBM Plex Sans Arabic Regular (SIL Open Font License 1.1), from the npm package
 * `@expo-google-fonts/ibm-plex-sans-arabic`, which ships the TTF files (nothing is downloaded at run time). It has
 * Arabic and Latin (English, French accents, digits, €) in one font, so a mixed line needs no fallback, and every
 * contextual form is its own glyph (no dotless base + dot marks), so a PDF's text extracts as the letters written.
 * Bold is drawn from it too (text.ts). docs/print-pdf.md "Fonts".
 */
export const PDF_FONT = require.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf');
