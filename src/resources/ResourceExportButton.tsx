import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointsOf, type ExportBodyOf } from '../../resources/endpoints';
import { entityOf, type ResourceDeclaration } from '../../resources/types';
import { call } from '../api/call';
import { useCanAccess } from '../auth/ability';

/**
 * A declared list's rows, by the filters it shows, as the xlsx sheet of its `export` call (the server writes the
 * headers in the reader's language); shown only to those who may export the declaration's entity.
 */
export function ResourceExportButton({
  resource,
  filters,
  labelKey,
  fileName,
  testId,
}: {
  resource: ResourceDeclaration;
  /** The filters the list shows (the export's body). */
  filters: Record<string, unknown>;
  /** The button's text, a translation key. */
  labelKey: string;
  fileName: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const can = useCanAccess();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const exportCall = endpointsOf(resource).export;
  if (!exportCall || !can(entityOf(resource), 'export')) return null;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          // The list's own filters, which the server validates as the export's body.
          const body = filters as ExportBodyOf<ResourceDeclaration['fields']>;
          const result = await call(exportCall, body, { fallbackName: fileName });
          if (!result.saved) message.info(result.message);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t(labelKey)}
    </Button>
  );
}
