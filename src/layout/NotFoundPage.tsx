import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A real 404 with a way home (spec §2: unknown paths land here). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Result
        status="404"
        title="404"
        subTitle={
          <>
            <div style={{ fontSize: 18, color: 'rgba(0,0,0,0.85)', marginBottom: 6 }}>{t('common:notFound.title')}</div>
            {t('common:notFound.text')}
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </div>
  );
}
