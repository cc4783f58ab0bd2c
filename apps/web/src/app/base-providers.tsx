import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/600.css';
import '@fontsource/noto-sans-arabic/700.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from 'lib/i18n';
import { useTheme } from 'lib/theme';
import { queryClient } from './query-client';

/** The document's theme (styles.css and theme-vars.css read it), before the first paint of each change. */
function ThemeSync() {
  const mode = useTheme();
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return null;
}

/** Strings, server data and the theme; antd's providers come with the pages that use antd (app/antd-scope.tsx). */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeSync />
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
