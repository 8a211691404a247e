import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way back from a public account page, plus the other ways in when given. */
export function BackToLogin({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav className="login-card__links">
      <Link to="/Login">{t('login:account.backToLogin')}</Link>
      {children}
    </nav>
  );
}
