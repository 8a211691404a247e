import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../components/LoginForm';
import { PublicNotices } from '../messages/PublicNotices';
import { AuthLayout } from './AuthLayout';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect') ?? undefined;

  return (
    <AuthLayout
      title={t('login:title')}
      subtitle={t('login:subtitle')}
      footer={
        <p className="login-card__secure">
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path
              d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"
              fill="currentColor"
            />
          </svg>
          {t('login:secure')}
        </p>
      }
    >
      <PublicNotices />
      <LoginForm redirect={redirect} onSuccess={(to) => navigate(to, { replace: true })} />
      <nav className="login-card__links">
        <Link to="/ForgetPassword">{t('login:forgotPassword')}</Link>
        <Link to="/ForgetUserName">{t('login:forgotUserName')}</Link>
      </nav>
      <nav className="login-card__links">
        <Link to="/Register">{t('login:registerLink')}</Link>
        <Link to="/privacy">{t('login:privacyLink')}</Link>
      </nav>
    </AuthLayout>
  );
}
