import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportsApi } from './api';

/**
 * The download of a background report from the notification that announced it: its asker fetches
 * it with /Reports/DownloadReport whatever their roles, also when they cannot open Generated reports. Nothing for a
 * notification that carries no report.
 */
export function ReportDownloadButton({ reportId, size = 'small' }: { reportId?: number | null; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!reportId) return null;
  const label = t('mailings:reports.notice.download');
  return (
    <Button
      size={size}
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={label}
      title={label}
      data-testid={`report-download-${reportId}`}
      onClick={async (event) => {
        // In the bell's list the item itself opens the notification: the download does not.
        event.stopPropagation();
        setBusy(true);
        try {
          await reportsApi.download(reportId, 'report.xlsx');
        } finally {
          setBusy(false);
        }
      }}
    >
      {size === 'middle' ? label : null}
    </Button>
  );
}
