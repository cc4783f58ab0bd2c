import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const plex = (file: string) => require.resolve(`@expo-google-fonts/ibm-plex-sans-arabic/${file}`);

/**
 * The one face every PDF is set in: IBM Plex Sans Arabic (SIL Open Font License 1.1), from the npm package
 * `@expo-google-fonts/ibm-plex-sans-arabic`, which ships the TTF files (nothing is downloaded at run time). It has
 * Arabic and Latin (English, French accents, digits, €) in one font, so a mixed line needs no fallback, and every
 * contextual form is its own glyph (no dotless base + dot marks), so a PDF's text extracts as the letters written
 * (docs/print-pdf.md "Fonts").
 */
export const PDF_FONTS = {
  regular: plex('400Regular/IBMPlexSansArabic_400Regular.ttf'),
  bold: plex('700Bold/IBMPlexSansArabic_700Bold.ttf'),
} as const;
export type PdfFontWeight = keyof typeof PDF_FONTS;
