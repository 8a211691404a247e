import { MailOutlined, PhoneOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingsApi, settingsKeys } from '../../settings/api';
import './installer-contact.css';

/** The digits and the leading + of a phone number, for a tel: link ('+41 44 555 12 12' → '+41445551212'). */
const telOf = (phone: string) => phone.replace(/(?!^\+)[^\d]/g, '');

/**
 * The contact the installer of the shown system set for its owners (InstallSetting), for the owner and those
 * they share the system with: absent while loading, when the call fails, and when the installer set none.
 */
export function InstallerContactCard({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const { data } = useQuery({
    queryKey: settingsKeys.installerContact(sn),
    queryFn: () => settingsApi.installerContact(sn),
    staleTime: 5 * 60_000,
  });
  if (!data) return null;
  return (
    <Card
      size="small"
      className="installer-contact"
      data-testid="installer-contact"
      title={
        <span className="installer-contact__title">
          <ToolOutlined aria-hidden /> {t('installer.title')}
        </span>
      }
    >
      {data.company ? <Typography.Text strong>{data.company}</Typography.Text> : null}
      <ul className="installer-contact__lines">
        {data.name ? (
          <li>
            <UserOutlined aria-hidden /> <span>{data.name}</span>
          </li>
        ) : null}
        {data.phone ? (
          <li>
            <PhoneOutlined aria-hidden />{' '}
            <a href={`tel:${telOf(data.phone)}`} aria-label={t('installer.call', { phone: data.phone })}>
              {data.phone}
            </a>
          </li>
        ) : null}
        {data.email ? (
          <li>
            <MailOutlined aria-hidden />{' '}
            <a href={`mailto:${data.email}`} aria-label={t('installer.mail', { email: data.email })}>
              {data.email}
            </a>
          </li>
        ) : null}
      </ul>
    </Card>
  );
}
