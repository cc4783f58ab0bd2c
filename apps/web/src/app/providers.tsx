import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/600.css';
import '@fontsource/noto-sans-arabic/700.css';
import { type Language, PRIMARY_COLOR, isRtl } from '@dental/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from 'lib/i18n';
import { useTheme } from 'lib/theme';
import { setMessageInstance } from 'lib/toast';
import { queryClient } from './query-client';

const ANTD_LOCALES: Record<Language, Locale> = { ar: arEG, en: enUS, fr: frFR };
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
      locale={ANTD_LOCALES[lang] ?? arEG}
      theme={{
        algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: PRIMARY_COLOR, colorInfo: PRIMARY_COLOR, fontFamily: FONT_FAMILY, borderRadius: 8 },
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
