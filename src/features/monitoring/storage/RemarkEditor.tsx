import { useQueryClient } from '@tanstack/react-query';
import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../api';

/** Spec / API: a remark is at most 1,000 characters. */
const MAX_REMARK = 1000;

/**
 * The system's remark: a note staff keep on the system (access, contacts, history). Who may write edits it
 * in place (saved on Enter or when the field is left, logged in the system's user log); others read it.
 */
export function RemarkEditor({ sn, remark, canEdit }: { sn: string; remark: string | null; canEdit: boolean }) {
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const client = useQueryClient();
  const text = remark ?? '';

  const save = async (next: string) => {
    const trimmed = next.trim();
    if (trimmed === text.trim()) return;
    await monitoringApi.updateRemark(sn, trimmed);
    void message.success(t('saved'));
    await Promise.all([
      client.invalidateQueries({ queryKey: monitoringKeys.system(sn) }),
      client.invalidateQueries({ queryKey: monitoringKeys.userLog(sn) }),
    ]);
  };

  if (!canEdit)
    return text ? (
      <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">–</Typography.Text>
    );
  return (
    <Typography.Text
      data-testid="system-remark"
      type={text ? undefined : 'secondary'}
      editable={{
        text,
        maxLength: MAX_REMARK,
        autoSize: { minRows: 1, maxRows: 6 },
        tooltip: t('system.editRemark'),
        onChange: (next) => void save(next),
      }}
    >
      {text || t('system.noRemark')}
    </Typography.Text>
  );
}
