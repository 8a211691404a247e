import { LineChartOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../auth/useUser';

function greetingKey(hour: number): string {
  if (hour < 12) return 'common:dashboard.greetingMorning';
  if (hour < 18) return 'common:dashboard.greetingAfternoon';
  return 'common:dashboard.greetingEvening';
}

/** Spec §2 /dashboard: 'list of storage systems' for suppliers, 'home' for everyone else. */
export function dashboardTitleKey(roles: readonly string[]): string {
  return roles.includes('supplier') ? 'common:dashboard.titleSupplier' : 'common:dashboard.titleHome';
}

export default function Dashboard() {
  const { t } = useTranslation();
  const user = useUser();
  const roles = user?.roles ?? [];
  const notSet = <Typography.Text type="secondary">{t('common:dashboard.notSet')}</Typography.Text>;

  return (
    <div>
      <div className="page-head">
        <div>
          <h1>{t(dashboardTitleKey(roles))}</h1>
          <p>{t(greetingKey(new Date().getHours()), { name: user?.username ?? '' })}</p>
        </div>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('common:dashboard.account')}>
            <Descriptions column={1} size="small" colon={false} labelStyle={{ width: 120 }}>
              <Descriptions.Item label={t('common:dashboard.userName')}>{user?.username}</Descriptions.Item>
              <Descriptions.Item label={t('common:dashboard.email')}>{user?.email || notSet}</Descriptions.Item>
              <Descriptions.Item label={t('common:dashboard.country')}>{user?.country || notSet}</Descriptions.Item>
              <Descriptions.Item label={t('common:dashboard.roles')}>
                <span>
                  {roles.map((role) => (
                    <Tag key={role} color="green" style={{ marginBottom: 4 }}>
                      {t(`common:role.${role}`, { defaultValue: role })}
                    </Tag>
                  ))}
                </span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('common:dashboard.monitoringTitle')} style={{ height: '100%' }}>
            <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
              <LineChartOutlined style={{ fontSize: 28, color: '#0f9f6e', marginTop: 2 }} />
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('common:dashboard.monitoringText')}
              </Typography.Paragraph>
            </div>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
