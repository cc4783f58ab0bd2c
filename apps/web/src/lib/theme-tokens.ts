/**
 * Colours that pass WCAG AA for text (4.5:1) in each theme (issue 18, checked by e2e/accessibility.spec.ts). The brand
 * blue PRIMARY_COLOR is 2.99:1 on white, so text, links and the fill under white button text use a deeper shade of it;
 * on the dark background links take a lighter one. Secondary and tertiary text (descriptions' labels) and placeholders
 * (shown as the visible "any" value of filters) are darker (lighter in dark) than antd's defaults.
 * antd's seed tokens (app/antd-providers.tsx); the pages without antd use the same values as CSS variables
 * (styles/theme-vars.css, kept equal by theme-vars.test.ts).
 */
export const THEME_TOKENS = {
  light: {
    colorPrimary: '#0a73b0',
    colorInfo: '#0a73b0',
    colorLink: '#0a73b0',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  dark: {
    colorPrimary: '#0a73b0',
    colorInfo: '#0a73b0',
    colorLink: '#4db8f0',
    colorLinkHover: '#6cc4f2',
    colorTextSecondary: 'rgba(255, 255, 255, 0.68)',
    colorTextDescription: 'rgba(255, 255, 255, 0.68)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
  },
} as const;
export const FONT_FAMILY = "'Noto Sans Arabic', system-ui, sans-serif";
export const BORDER_RADIUS = 8;
