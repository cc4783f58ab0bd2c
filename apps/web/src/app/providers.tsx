import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/600.css';
import '@fontsource/noto-sans-arabic/700.css';
import { type Language, isRtl } from '@dental/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { antdLocale } from 'lib/antd-locale';
import { i18n } from 'lib/i18n';
import { useTheme } from 'lib/theme';
import { setMessageInstance } from 'lib/toast';
import { queryClient } from './query-client';

/**
 * Colours that pass WCAG AA for text (4.5:1) in each theme (issue 18, checked by e2e/accessibility.spec.ts). The brand
 * blue PRIMARY_COLOR is 2.99:1 on white, so text, links and the fill under white button text use a deeper shade of it;
 * on the dark background links take a lighter one. Secondary and tertiary text (descriptions' labels) and placeholders (shown as the visible "any" value
 * of filters) are darker (lighter in dark) than antd's defaults.
 */
const THEME_TOKENS = {
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

/** Hands the themed, direction-aware message instance of <App> to code outside React. */
function MessageHolder() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}

/** Language, direction, antd locale, dayjs locale and theme switch together (architecture §6). */
function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang = (instance.language as Language) ?? 'ar';
  const mode = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ConfigProvider
      direction={isRtl(lang) ? 'rtl' : 'ltr'}
      locale={antdLocale(lang)}
      theme={{
        algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...THEME_TOKENS[mode], fontFamily: FONT_FAMILY, borderRadius: 8 },
      }}
    >
      <App className="app-root">
        <MessageHolder />
        {children}
      </App>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedApp>{children}</ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
