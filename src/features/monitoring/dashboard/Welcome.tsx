import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../auth/useUser';
import { countryLabel } from '../../../../contract/countries';

export function greetingKey(hour: number): string {
  if (hour < 12) return 'common:dashboard.greetingMorning';
  if (hour < 18) return 'common:dashboard.greetingAfternoon';
  return 'common:dashboard.greetingEvening';
}

/** The greeting line of the staff dashboards. */
export function Greeting() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <div className="page-head">
      <div>
        <h1>{t('menu:dashboard')}</h1>
        <p>{t(greetingKey(new Date().getHours()), { name: user?.name || user?.username || '' })}</p>
      </div>
    </div>
  );
}

/** Home of the roles that have no systems in view: who they are and what they may do. */
export function Welcome() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const notSet = <Typography.Text type="secondary">{t('common:dashboard.notSet')}</Typography.Text>;
  return (
    <div>
      <Greeting />
      <Card title={t('common:dashboard.account')} style={{ maxWidth: 560 }}>
        <Descriptions column={1} size="small" colon={false} labelStyle={{ width: 120 }}>
          <Descriptions.Item label={t('common:dashboard.userName')}>{user?.username}</Descriptions.Item>
          <Descriptions.Item label={t('common:dashboard.email')}>{user?.email || notSet}</Descriptions.Item>
          <Descriptions.Item label={t('common:dashboard.country')}>
            {countryLabel(user?.country, i18n.language) || notSet}
          </Descriptions.Item>
          <Descriptions.Item label={t('common:dashboard.roles')}>
            <span>
              {(user?.roles ?? []).map((role) => (
                <Tag key={role} color="green" style={{ marginBottom: 4 }}>
                  {t(`common:role.${role}`, { defaultValue: role })}
                </Tag>
              ))}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
