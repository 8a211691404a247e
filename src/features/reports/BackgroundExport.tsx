import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyIn } from '../../../contract/endpoint';
import { callInBackground, type DownloadEndpoint } from '../../api/call';
import { useCanAccess } from '../../auth/ability';

/** Which export: a download endpoint of contract/ and its body. */
export interface ExportOf<E extends DownloadEndpoint> {
  endpoint: E;
  body: BodyIn<E>;
}

/**
 * The arrow beside an export button: 'Export in the background' asks for the same file as a
 * generated report and says where it will be: in the notifications, and for those who may open it, in Generated
 * reports. Refusals (no data, no permission, a bad range) are shown by the /api client.
 */
export function BackgroundExportMenu<E extends DownloadEndpoint>({ endpoint, body, disabled }: ExportOf<E> & { disabled?: boolean }) {
  const can = useCanAccess();
  const { path } = endpoint;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    try {
      await callInBackground(endpoint, body);
      const listed = can('reportGenerateResult');
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
