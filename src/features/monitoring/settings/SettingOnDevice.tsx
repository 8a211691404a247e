import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandName, CommandState } from '../../../../contract/device-commands';
import type { SystemSettings } from '../../../../contract/monitoring';
import { useFormat } from '../../../i18n/format';

type Device = SystemSettings['device'];

/** The states in which the screen keeps asking: the device may still answer. */
const WAITING: readonly CommandState[] = ['pending', 'sent', 'delivered'];

export function anyWaiting(device: Device | undefined): boolean {
  return !!device?.settings.some((s) => WAITING.includes(s.state));
}

/**
 * Whether the device has a saved setting, read from the latest command the portal sent for it: applied, on its way,
 * waiting for an offline device, refused (with the device's words) or never confirmed. Times are in the system's own
 * zone, as everything else the customer reads about the system. Nothing when the setting was never sent.
 */
export function SettingOnDevice({ command, device, timeZone }: { command: CommandName; device: Device; timeZone: string }) {
  const { t } = useTranslation('monitoring');
  const fmt = useFormat();
  const entry = device.settings.find((s) => s.command === command);
  if (!entry) return null;
  const at = (value: string) => fmt.dateTime(value, { timeZone });
  let icon: ReactNode;
  let type: 'success' | 'secondary' | 'warning' | 'danger';
  let text: string;
  switch (entry.state) {
    case 'succeeded':
      [icon, type, text] = [<CheckCircleOutlined key="i" />, 'success', t('onDevice.applied', { time: at(entry.at) })];
      break;
    case 'pending':
    case 'sent':
      if (!device.online) {
        [icon, type] = [<ClockCircleOutlined key="i" />, 'warning'];
        text = device.state_at ? t('onDevice.waitingOffline', { time: at(device.state_at) }) : t('onDevice.waitingNeverOnline');
        break;
      }
    // falls through: online, it is on its way
    case 'delivered':
      [icon, type, text] = [<SyncOutlined key="i" spin />, 'secondary', t('onDevice.sent')];
      break;
    case 'rejected':
    case 'failed':
      [icon, type] = [<CloseCircleOutlined key="i" />, 'danger'];
      text = entry.message ? t('onDevice.refused', { message: entry.message }) : t('onDevice.refusedNoReason');
      break;
    case 'timed_out':
    case 'expired':
      [icon, type, text] = [<ExclamationCircleOutlined key="i" />, 'warning', t('onDevice.notConfirmed')];
      break;
    case 'canceled':
      [icon, type, text] = [<ExclamationCircleOutlined key="i" />, 'warning', t('onDevice.canceled')];
      break;
    case 'superseded':
      // The latest of the customer's own commands is replaced only by one the service team sent since.
      [icon, type, text] = [<ExclamationCircleOutlined key="i" />, 'secondary', t('onDevice.replaced')];
      break;
  }
  return (
    <Typography.Text type={type} className="setting-on-device" data-state={entry.state}>
      {icon} {text}
    </Typography.Text>
  );
}
