import { UserDeleteOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { App, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useCanAccess } from '../../auth/ability';
import type { Row } from '../../resources/screenTypes';
import { ConfirmRowAction, RowAction } from '../../resources/RowAction';
import { adminApi, type UserHistory } from './api';

const HISTORY_PARTS: readonly (keyof UserHistory)[] = ['systems', 'sessions', 'logRows', 'shares', 'licenses'];

/**
 * Delete or deactivate: asks the server what ties the user to the records, then offers
 * delete for a user without history, else says what the history is and offers deactivate (login refused,
 * sessions ended, history kept). The server checks both again.
 */
export function RemoveUserAction({ record, refresh }: { record: Row; refresh: () => void }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const format = useFormat();
  const name = String(record.username);
  const mayDelete = can('user', 'delete');

  const run = async (call: () => Promise<{ ok: boolean }>, done: string) => {
    const answer = await call();
    if (answer.ok) {
      message.success(t(done));
      refresh();
    }
  };

  const open = async () => {
    const answer = await adminApi.userHistory(Number(record.id));
    if (!answer.ok) return;
    const { history, deletable } = answer.data;
    if (deletable && mayDelete) {
      modal.confirm({
        title: t('admin:userManagement.deleteTitle', { name }),
        content: t('admin:userManagement.deleteText', { name }),
        okText: t('admin:userManagement.delete'),
        okButtonProps: { danger: true, 'data-testid': 'user-delete-confirm' } as never,
        cancelText: t('common:actions.cancel'),
        onOk: () => run(() => adminApi.deleteUser(Number(record.id)), 'admin:userManagement.deleted'),
      });
      return;
    }
    modal.confirm({
      title: t('admin:userManagement.deactivateTitle', { name }),
      content: (
        <>
          {!deletable && <Typography.Paragraph>{t('admin:userManagement.historyText', { name })}</Typography.Paragraph>}
          {!deletable && (
            <Descriptions size="small" column={1} bordered data-testid="user-history">
              {HISTORY_PARTS.filter((part) => history[part] > 0).map((part) => (
                <Descriptions.Item key={part} label={t(`admin:userManagement.history.${part}`)}>
                  {format.number(history[part], 0)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          <Typography.Paragraph style={{ marginTop: 12 }}>{t('admin:userManagement.deactivateText')}</Typography.Paragraph>
        </>
      ),
      okText: t('admin:userManagement.deactivate'),
      okButtonProps: { danger: true, 'data-testid': 'user-deactivate-confirm' } as never,
      cancelText: t('common:actions.cancel'),
      onOk: () => run(() => adminApi.deactivateUser(Number(record.id), true), 'admin:userManagement.deactivated'),
    });
  };

  return (
    <RowAction title={t('admin:userManagement.remove')} icon={<UserDeleteOutlined />} danger onClick={open} data-testid="user-remove" />
  );
}

/** Reactivate a deactivated user: they can log in again. */
export function ReactivateAction({ record, refresh }: { record: Row; refresh: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reactivate = async () => {
    const answer = await adminApi.deactivateUser(Number(record.id), false);
    if (answer.ok) {
      message.success(t('admin:userManagement.reactivated'));
      refresh();
    }
  };
  return (
    <ConfirmRowAction
      title={t('admin:userManagement.reactivate')}
      icon={<UserSwitchOutlined />}
      confirm={t('admin:userManagement.reactivateConfirm', { name: record.username })}
      okText={t('admin:userManagement.reactivate')}
      onConfirm={reactivate}
      data-testid="user-reactivate"
      data-confirm-testid="user-reactivate-confirm"
    />
  );
}
