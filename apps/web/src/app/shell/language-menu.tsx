import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { LANGUAGE_NAMES } from './language-names';
import { useLanguageDropdown } from './use-language-dropdown';

export { LANGUAGE_NAMES };

/** The language switch (its menu comes after the page shows: use-language-dropdown.tsx). */
export function LanguageMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { current, buttonProps, wrap } = useLanguageDropdown();
  return wrap(
    <Button type="text" icon={<GlobalOutlined />} {...buttonProps}>
      {showLabel ? LANGUAGE_NAMES[current] : null}
    </Button>,
  );
}
