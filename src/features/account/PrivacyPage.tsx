import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { AgreementText } from './parts/AgreementText';

/** The sections of the policy, in order (locales/<lng>/login.json privacy.<key>.title and .body). */
const SECTIONS = ['controller', 'collected', 'purposes', 'recipients', 'retention', 'rights', 'security', 'storage', 'changes'] as const;

/** /privacy: the public privacy policy (spec §2), linked from the login and registration pages. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('login:privacy.title')} subtitle={t('login:privacy.updated')} cardClassName="privacy-card">
      <Typography.Paragraph>{t('login:privacy.intro')}</Typography.Paragraph>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`login:privacy.${section}.title`)}</h2>
          <AgreementText content={t(`login:privacy.${section}.body`)} />
        </section>
      ))}
      <nav className="login-card__links">
        <Link to="/Login">{t('login:account.backToLogin')}</Link>
        <Link to="/Register">{t('login:registerLink')}</Link>
      </nav>
    </AuthLayout>
  );
}
