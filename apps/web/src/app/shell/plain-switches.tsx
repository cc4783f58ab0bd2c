import { GlobalOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import type { Theme } from '@dental/contract';
import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from 'lib/theme';
import { LANGUAGE_NAMES } from './language-names';
import { useLanguageDropdown } from './use-language-dropdown';

/**
 * The language and theme switches of the pages without antd (the auth layout, issue 18): antd's text Button drawn in
 * CSS (styles.css, .plain-btn), the theme switch's tooltip as its title.
 */
export function PlainLanguageMenu() {
  const { current, buttonProps, wrap } = useLanguageDropdown();
  return wrap(
    <button type="button" className="plain-btn plain-btn-text" {...buttonProps}>
      <GlobalOutlined />
      <span>{LANGUAGE_NAMES[current]}</span>
    </button>,
  );
}

/** The theme switch's state: the current theme, the other one and the switch's label. */
export function useThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return { theme, next, label: t(next === 'dark' ? 'header.darkTheme' : 'header.lightTheme') };
}

export function PlainThemeToggle() {
  const { theme, next, label } = useThemeSwitch();
  return (
    <button
      type="button"
      className="plain-btn plain-btn-text plain-btn-icon"
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
    </button>
  );
}
