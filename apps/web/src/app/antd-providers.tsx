import { type Language, isRtl } from '@dental/contract';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from 'lib/theme';
import { BORDER_RADIUS, FONT_FAMILY, THEME_TOKENS } from 'lib/theme-tokens';
import { setMessageInstance } from 'lib/toast';

const ANTD_LOCALES: Record<Language, Locale> = { ar: arEG, en: enUS, fr: frFR };

/** Hands the themed, direction-aware message instance of <App> to code outside React. */
function MessageHolder() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(null);
  }, [message]);
  return null;
}

/** antd's theme, direction and locale, following the language and the theme (architecture §6). */
export function AntdConfig({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang = (instance.language as Language) ?? 'ar';
  const mode = useTheme();
  return (
    <ConfigProvider
      direction={isRtl(lang) ? 'rtl' : 'ltr'}
      locale={ANTD_LOCALES[lang] ?? arEG}
      theme={{
        algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...THEME_TOKENS[mode], fontFamily: FONT_FAMILY, borderRadius: BORDER_RADIUS },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

/** Around the pages made of antd components: the theme and antd's App (message, modal, notification contexts). */
export function AntdApp({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <App className="app-root">
        <MessageHolder />
        {children}
      </App>
    </AntdConfig>
  );
}
