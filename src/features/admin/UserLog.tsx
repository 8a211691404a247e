import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userLog } from '../../../resources/userLog';
import { endpointsOf } from '../../../resources/endpoints';
import { call } from '../../api/call';
import { useCanAccess } from '../../auth/ability';
import { resourceScreen } from '../../resources/ResourceScreen';
import { userLogAction, userLogTarget } from './userLogText';

function ExportButton({ filters }: { filters: Record<string, unknown> }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!can('userLog', 'export')) return null;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const result = await call(endpointsOf(userLog).export!, filters, { fallbackName: 'user-log.xlsx' });
          if (!result.saved) message.info(result.message);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('admin:list.export')}
    </Button>
  );
}

function Action({ code }: { code: string }) {
  const { t } = useTranslation();
  return <span title={code}>{userLogAction(code, t)}</span>;
}

function Target({ target }: { target: string }) {
  const { t } = useTranslation();
  return <>{userLogTarget(target, t)}</>;
}

export default resourceScreen(userLog, {
  toolbar: ({ filters }) => <ExportButton filters={filters} />,
  // Actions and records in the reader's language, not as the codes the log stores.
  cells: { action: (value) => <Action code={String(value)} />, target: (value) => (value ? <Target target={String(value)} /> : '—') },
});
