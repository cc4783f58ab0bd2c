import { type Language, isRtl } from '@dental/contract';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocale, loadAntdLocale } from 'lib/antd-locale';
import { currentLanguage } from 'lib/i18n';
import { useTheme } from 'lib/theme';
import { BORDER_RADIUS, FONT_FAMILY, THEME_TOKENS } from 'lib/theme-tokens';
import { setMessageInstance } from 'lib/toast';

// antd's texts of the shown language come with these providers (not on the first load of the plain pages); a language
// switch loads the next one before it applies (setLanguage, lib/i18n.ts)
await loadAntdLocale(currentLanguage());

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
      locale={antdLocale(lang)}
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
