import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type DownloadEndpoint } from '../../../../api/call';
import { BackgroundExportMenu, type ExportOf } from '../../../reports/BackgroundExport';

/**
 * An xlsx export (spec §7 Exports) with the download's progress; 'no data' and errors come from the helper. With
 * `background`, an arrow beside it asks for the same file in the background (a generated report).
 */
export function ExportButton<E extends DownloadEndpoint>({
  label,
  background = false,
  endpoint,
  body,
}: ExportOf<E> & {
  label?: string;
  background?: boolean;
}) {
  const { path } = endpoint;
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | undefined | null>(null);
  const busy = progress !== null;

  const run = async () => {
    setProgress(undefined);
    try {
      const onProgress = (percent: number | undefined) => setProgress(percent);
      const result = await call(endpoint, body, { fallbackName: 'export.xlsx', onProgress });
      if (result.saved) void message.success(t('export.saved', { name: result.fileName }));
    } finally {
      setProgress(null);
    }
  };

  const button = (
    <Tooltip title={label ?? t('export.button')}>
      <Button
        icon={busy ? undefined : <DownloadOutlined />}
        onClick={run}
        disabled={busy}
        aria-label={label ?? t('export.button')}
        data-testid={`export-${path}`}
      >
        {busy ? <Progress type="circle" size={16} percent={progress ?? 0} showInfo={false} status="active" /> : null}
        <span className="monitor-hide-narrow">{t('export.short')}</span>
      </Button>
    </Tooltip>
  );
  if (!background) return button;
  return (
    <Space.Compact>
      {button}
      <BackgroundExportMenu endpoint={endpoint} body={body} disabled={busy} />
    </Space.Compact>
  );
}
