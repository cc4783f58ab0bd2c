import { PRODUCT_NAME } from '@dental/contract';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PlainLanguageMenu, PlainThemeToggle } from '../shell/plain-switches';

/**
 * Anonymous pages: a centered card under the product name, with language and theme switches. Plain elements styled
 * by antd's theme variables (styles.css, .auth-*) rather than antd's Layout, Card and Typography, which are not
 * needed before the login page shows (issue 18).
 */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <div className="auth-topbar">
        <PlainLanguageMenu />
        <PlainThemeToggle />
      </div>
      <main className="auth-main">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h2 className="auth-brand-name">{PRODUCT_NAME}</h2>
          <span className="auth-secondary">{t('app.tagline')}</span>
        </div>
        <div className="auth-card">
          <Outlet />
        </div>
      </main>
      <footer className="auth-footer">
        <span className="auth-secondary">
          {t('app.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
        </span>
      </footer>
    </div>
  );
}
