import { BellOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { complaintWorkflow } from '../../../resources/complaints';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { complaintsApi, type Complaint } from './api';
import { useAudience } from './audience';

/**
 * Urge the handler (spec §4, DESIGN §9): for the customer side while the complaint is open or waiting, once they
 * confirm (an urge mails the handler and counts against the day's five). The server keeps the limits (once an hour
 * per complaint: 15; five a day: 16), said by the client in the reader's language.
 */
export function UrgeButton({ complaint, onUrged }: { complaint: Complaint; onUrged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { busy, guard } = useSubmitGuard();
  const customer = useAudience() === 'customer';
  const category = complaintWorkflow.states[complaint.status]?.category;
  if (!customer || !category || category === 'resolved') return null;
  const urge = () =>
    guard(async () => {
      try {
        await complaintsApi.urge(complaint.id);
      } catch {
        return;
      }
      void message.success(t('complaints:urge.done'));
      onUrged();
    });
  return (
    <Popconfirm
      title={t('complaints:urge.confirmTitle')}
      description={t('complaints:urge.confirm')}
      okText={t('complaints:urge.button')}
      cancelText={t('common:actions.cancel')}
      onConfirm={() => void urge()}
      okButtonProps={{ 'data-testid': 'complaint-urge-confirm' } as never}
    >
      <Button icon={<BellOutlined />} loading={busy} data-testid="complaint-urge">
        {t('complaints:urge.button')}
      </Button>
    </Popconfirm>
  );
}
