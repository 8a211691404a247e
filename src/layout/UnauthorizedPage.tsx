import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** The 401 page (spec §2). With the no-go-back flag it offers 'back home' only. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const noGoBack = params.get('noGoBack') === 'true';
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Result
        status="403"
        title="401"
        subTitle={
          <>
            <div style={{ fontSize: 18, color: 'rgba(0,0,0,0.85)', marginBottom: 6 }}>{t('common:unauthorized.title')}</div>
            {t('common:unauthorized.text')}
          </>
        }
        extra={
          <Space>
            {noGoBack ? null : <Button onClick={() => navigate(-1)}>{t('common:actions.back')}</Button>}
            <Button type="primary" onClick={() => navigate('/', { replace: true })}>
              {t('common:actions.backHome')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
