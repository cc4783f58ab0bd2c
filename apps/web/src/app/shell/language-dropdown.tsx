import { LANGUAGES, type Language } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';
import { setLanguage } from 'lib/i18n';
import { AntdConfig } from '../antd-providers';
import { LANGUAGE_NAMES } from './language-names';

/**
 * The language menu's antd Dropdown around its button (LanguageMenu), its own chunk (issue 18), with antd's theme (the
 * login page has no antd providers above it).
 */
export function LanguageDropdown({
  current,
  defaultOpen,
  children,
}: {
  current: Language;
  defaultOpen: boolean;
  children: ReactElement;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  /** Server texts (messages, lookups) come in the request language: refetch them in the new one. */
  const choose = async (lang: Language) => {
    await setLanguage(lang);
    await queryClient.invalidateQueries();
  };
  return (
    <AntdConfig>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        menu={{
          selectable: true,
          selectedKeys: [current],
          items: LANGUAGES.map((lang) => ({ key: lang, label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span> })),
          onClick: ({ key }) => void choose(key as Language),
        }}
      >
        {children}
      </Dropdown>
    </AntdConfig>
  );
}
