import { DisconnectOutlined } from '@ant-design/icons';
import { App, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { licenseManagement } from '../../../resources/licenseManagement';
import { useCanAccess } from '../../auth/ability';
import { i18n } from '../../i18n';
import { resourceScreen } from '../../resources/ResourceScreen';
import type { Row } from '../../resources/screenTypes';
import { ConfirmRowAction } from '../../resources/RowAction';
import { adminApi } from './api';

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

/** Unassign: frees the license from its user, so it can be given to someone else or deleted. */
function UnassignAction({ record, refresh }: { record: Row; refresh: () => void }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  if (!record.assigned_user || !can('license', 'update')) return null;
  const unassign = async () => {
    const answer = await adminApi.unassignLicense(Number(record.id));
    if (answer.ok) {
      message.success(t('admin:licenseManagement.unassigned', { user: record.assigned_user }));
      refresh();
    }
  };
  return (
    <ConfirmRowAction
      title={t('admin:licenseManagement.unassign')}
      icon={<DisconnectOutlined />}
      confirm={t('admin:licenseManagement.unassignConfirm', { key: record.license_key, user: record.assigned_user })}
      okText={t('admin:licenseManagement.unassign')}
      onConfirm={unassign}
      data-testid="license-unassign"
      data-confirm-testid="license-unassign-confirm"
    />
  );
}

export default resourceScreen(licenseManagement, {
  cells: { expires_at: (value) => <Expiry value={value} /> },
  // An assigned license is in use (the server answers 31): the delete says why instead, beside unassign.
  deletion: (record) =>
    record.assigned_user ? { blocked: i18n.t('admin:licenseManagement.deleteAssigned', { user: record.assigned_user }) } : undefined,
  rowActions: (record, refresh) => <UnassignAction record={record} refresh={refresh} />,
});
