import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyIn } from '../../../contract/endpoint';
import type { BackgroundAnswer } from '../../../contract/reports';
import { postData, type DownloadEndpoint } from '../../api/call';
import { canAccessKey } from '../../auth/ability';

/**
 * Which export: a download endpoint of contract/ and its body, or (while the last exports still are paths) a path
 * and its body.
 */
export type ExportOf<E extends DownloadEndpoint> =
  { endpoint: E; path?: undefined; body: BodyIn<E> } | { endpoint?: undefined; path: string; body: Record<string, unknown> };

/**
 * Asks for an export's file in the background: its body with `background: true`. The answer is then the envelope
 * naming the report (server/reports/background.ts), not the file the endpoint's answer describes.
 */
const askInBackground = (path: string, body: unknown) =>
  postData<BackgroundAnswer>(path, { ...(body as Record<string, unknown>), background: true });

/**
 * The arrow beside an export button: 'Export in the background' asks for the same file as a
 * generated report and says where it will be: in the notifications, and for those who may open it, in Generated
 * reports. Refusals (no data, no permission, a bad range) are shown by the /api client.
 */
export function BackgroundExportMenu<E extends DownloadEndpoint>({ disabled, ...target }: ExportOf<E> & { disabled?: boolean }) {
  const path = target.endpoint?.path ?? target.path!;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    try {
      await askInBackground(path, target.body);
      const listed = canAccessKey('reportGenerateResult');
      void message.success(t(listed ? 'mailings:reports.background.startedAdmin' : 'mailings:reports.background.started'), 6);
    } catch {
      // Shown already by the /api client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled || busy}
      menu={{
        items: [{ key: 'background', label: t('mailings:reports.background.menu'), 'data-testid': `export-background-${path}` } as never],
        onClick: () => void ask(),
      }}
    >
      <Button
        icon={<DownOutlined />}
        loading={busy}
        aria-label={t('mailings:reports.background.more')}
        title={t('mailings:reports.background.more')}
        data-testid={`export-more-${path}`}
      />
    </Dropdown>
  );
}
