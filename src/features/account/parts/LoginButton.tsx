import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The end of every public account page that succeeded: on to the login. */
export function LoginButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" size="large" onClick={() => navigate('/Login')}>
      {t('login:account.goToLogin')}
    </Button>
  );
}
