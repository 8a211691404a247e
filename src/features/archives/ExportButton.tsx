import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerArchives } from '../../../resources/customerArchives';
import { endpointsOf } from '../../../resources/endpoints';
import { call } from '../../api/call';
import { useCanAccess } from '../../auth/ability';

/** The archive list as an xlsx sheet, with the filters the list shows (server: headers in the user's language). */
export function ExportButton({ filters }: { filters: Record<string, unknown> }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!can('customerArchive', 'export')) return null;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="archives-export"
      onClick={async () => {
        setBusy(true);
        try {
          const result = await call(endpointsOf(customerArchives).export!, filters, { fallbackName: 'customer-archives.xlsx' });
          if (!result.saved) message.info(result.message);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('archives:customerArchives.export')}
    </Button>
  );
}
