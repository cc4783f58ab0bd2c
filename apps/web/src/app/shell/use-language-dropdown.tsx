import type { Language } from '@dental/contract';
import { type ComponentType, type ReactElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Dropdown = ComponentType<Parameters<typeof import('./language-dropdown').LanguageDropdown>[0]>;
const loadDropdown = () => import('./language-dropdown').then((m) => m.LanguageDropdown);

/**
 * The language switch's behaviour. Its menu (antd Dropdown and Menu, ~18 KB) is not needed before the login page
 * shows (issue 18): fetched once the page is idle, or at the first click; a click made before it came opens it when it
 * comes, and the button keeps the keyboard focus across the swap. `buttonProps` go on the switch's button, `wrap`
 * puts the menu around it.
 */
export function useLanguageDropdown() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  const [menu, setMenu] = useState<{ Dropdown: Dropdown } | null>(null);
  const [openAtLoad, setOpenAtLoad] = useState(false);
  const focused = useRef(false);
  useEffect(() => {
    let live = true;
    const load = () =>
      void loadDropdown().then(
        (Dropdown) => live && setMenu({ Dropdown }),
        () => undefined,
      );
    const id =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(load, { timeout: 3000 })
        : window.setTimeout(load, 1);
    return () => {
      live = false;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(id);
      else window.clearTimeout(id);
    };
  }, []);
  const buttonProps = {
    'aria-label': t('header.language'),
    autoFocus: !!menu && focused.current,
    onFocus: () => (focused.current = true),
    onBlur: () => (focused.current = false),
    onClick: menu ? undefined : () => setOpenAtLoad(true),
  };
  const wrap = (button: ReactElement) =>
    menu ? (
      <menu.Dropdown current={current} defaultOpen={openAtLoad}>
        {button}
      </menu.Dropdown>
    ) : (
      button
    );
  return { current, buttonProps, wrap };
}
