import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The password rules of spec §5, each with its own line, checked live as the user types. */
export const PASSWORD_RULES = [
  { key: 'length', test: (v: string) => v.length >= 8 },
  { key: 'lowercase', test: (v: string) => /[a-z]/.test(v) },
  { key: 'uppercase', test: (v: string) => /[A-Z]/.test(v) },
  { key: 'digit', test: (v: string) => /[0-9]/.test(v) },
  { key: 'special', test: (v: string) => /[!@#$%^&*]/.test(v) },
] as const;

export function PasswordChecklist({ value }: { value: string | undefined }) {
  const { t } = useTranslation('auth');
  const text = value ?? '';
  return (
    <ul className="password-checklist" aria-live="polite" aria-label={t('checklist.title')}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(text);
        return (
          <li key={rule.key} className={met ? 'met' : 'unmet'}>
            {met ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />}
            <span>{t(`checklist.${rule.key}`)}</span>
            <span
              className="sr-only"
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {met ? t('checklist.met') : t('checklist.unmet')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
