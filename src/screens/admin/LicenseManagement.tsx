import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { licenseManagement } from '../../../resources/licenseManagement';
import { resourceScreen } from '../../resources/ResourceScreen';

const SOON_DAYS = 30;

/** The expiry day, tagged when it has passed or comes within 30 days (a license is valid through its expiry day). */
function Expiry({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (!value) return null;
  const day = String(value);
  const today = dayjs().format('YYYY-MM-DD');
  const soon = dayjs().add(SOON_DAYS, 'day').format('YYYY-MM-DD');
  return (
    <Space size={6} wrap={false}>
      <span style={{ whiteSpace: 'nowrap' }}>{day}</span>
      {day < today ? (
        <Tag color="red">{t('admin:licenseManagement.expired')}</Tag>
      ) : day <= soon ? (
        <Tag color="orange">{t('admin:licenseManagement.expiresSoon')}</Tag>
      ) : null}
    </Space>
  );
}

export default resourceScreen(licenseManagement, { cells: { expires_at: (value) => <Expiry value={value} /> } });
