import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../../api/files';
import { BackgroundExportMenu } from '../../../reports/BackgroundExport';

/**
 * An xlsx export (spec §7 Exports) with the download's progress; 'no data' and errors come from the helper. With
 * `background`, an arrow beside it asks for the same file in the background (a generated report).
 */
export function ExportButton({
  path,
  body,
  label,
  background = false,
}: {
  path: string;
  body: Record<string, unknown>;
  label?: string;
  background?: boolean;
}) {
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | undefined | null>(null);
  const busy = progress !== null;

  const run = async () => {
    setProgress(undefined);
    try {
      const result = await download(path, body, 'export.xlsx', (percent) => setProgress(percent));
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
      <BackgroundExportMenu path={path} body={body} disabled={busy} />
    </Space.Compact>
  );
}
