import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from 'lib/i18n';

/** Each language named in itself, so a user can find theirs whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { ar: 'العربية', en: 'English', fr: 'Français' };

export function LanguageMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = i18n.language as Language;
  /** Server texts (messages, lookups) come in the request language: refetch them in the new one. */
  const choose = async (lang: Language) => {
    await setLanguage(lang);
    await queryClient.invalidateQueries();
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span> })),
        onClick: ({ key }) => void choose(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')}>
        {showLabel ? LANGUAGE_NAMES[current] : null}
      </Button>
    </Dropdown>
  );
}
