import { KeyOutlined, LockOutlined, MenuOutlined, SafetyOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Checkbox, Modal, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userManagement } from '../../../resources/userManagement';
import { useCanAccess } from '../../auth/ability';
import { ResourceForm } from '../../resources/ResourceForm';
import { resourceScreen } from '../../resources/ResourceScreen';
import type { FormPageProps, Row } from '../../resources/screenTypes';
import { ConfirmRowAction, RowAction } from '../../resources/RowAction';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { adminApi } from './api';
import { callerIsAdmin, isOwnRecord, mayManageUser, rolesOf, withoutAdminRole } from './adminRule';
import { useSidebarEntries } from './sidebarEntries';
import { ReactivateAction, RemoveUserAction } from './UserRemoval';

function UserActions({ record, refresh }: { record: Row; refresh: () => void }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [menus, setMenus] = useState<{ offered: string[]; denied: string[] } | undefined>();
  const { busy: savingMenus, guard } = useSubmitGuard();
  const sidebar = useSidebarEntries();
  if (!can('user', 'update')) return null;
  // Said once instead of the actions the server would refuse (DESIGN §10).
  if (!mayManageUser(record)) {
    return <RowAction title={t('admin:userManagement.adminOnly')} icon={<SafetyOutlined />} disabled data-testid="user-admin-only" />;
  }
  const own = isOwnRecord(record);

  const lock = async () => {
    const answer = await adminApi.lockUser(Number(record.id), !record.locked);
    if (answer.ok) {
      message.success(t(record.locked ? 'admin:userManagement.unlocked' : 'admin:userManagement.locked'));
      refresh();
    }
  };
  const reset = async () => {
    const answer = await adminApi.resetUserPassword(Number(record.id));
    if (answer.ok) {
      modal.info({
        title: t('admin:userManagement.newPasswordTitle', { name: record.username }),
        content: (
          <>
            <Typography.Paragraph>{t('admin:userManagement.newPasswordText')}</Typography.Paragraph>
            <Typography.Text code copyable>
              {answer.data.password}
            </Typography.Text>
          </>
        ),
      });
    }
  };
  const openMenus = async () => {
    const answer = await adminApi.userMenuPermissions(Number(record.id));
    if (!answer.ok) return;
    // Offered as the user's sidebar can show them: the role table opens screens not built yet, which no tick changes.
    const sidebarEntries = sidebar.offered(rolesOf(record));
    setMenus({ offered: answer.data.available.filter((k) => sidebarEntries.includes(k)), denied: answer.data.menuDenied });
  };
  const saveMenus = async () => {
    if (!menus) return;
    const answer = await adminApi.saveUserMenuPermissions(Number(record.id), menus.denied);
    if (answer.ok) {
      message.success(t('admin:userManagement.menusSaved'));
      setMenus(undefined);
    }
  };

  return (
    // One line of icons: the table lays its columns out in line, and wrapped icons would stack in a narrow cell.
    <span style={{ whiteSpace: 'nowrap' }}>
      {/* First, so that the icons every row has stay in line when the own row lacks lock and reset. */}
      <RowAction title={t('admin:userManagement.menus')} icon={<MenuOutlined />} onClick={openMenus} data-testid="user-menus" />
      {/* Nobody locks or resets themselves (the own password changes under Change password). A deactivated user is
          locked until reactivated: reactivate takes the place of lock. */}
      {!own && !!record.deactivated_at && <ReactivateAction record={record} refresh={refresh} />}
      {!own && !record.deactivated_at && (
        <ConfirmRowAction
          title={t(record.locked ? 'admin:userManagement.unlock' : 'admin:userManagement.lock')}
          icon={record.locked ? <UnlockOutlined /> : <LockOutlined />}
          confirm={t(record.locked ? 'admin:userManagement.unlockConfirm' : 'admin:userManagement.lockConfirm', { name: record.username })}
          onConfirm={lock}
          data-testid="user-lock"
        />
      )}
      {!own && (
        <ConfirmRowAction
          title={t('admin:userManagement.resetPassword')}
          icon={<KeyOutlined />}
          confirm={t('admin:userManagement.resetConfirm', { name: record.username })}
          onConfirm={reset}
          data-testid="user-reset"
        />
      )}
      {!own && !record.deactivated_at && <RemoveUserAction record={record} refresh={refresh} />}
      <Modal
        open={!!menus}
        title={t('admin:userManagement.menusTitle', { name: record.username })}
        onCancel={() => setMenus(undefined)}
        onOk={() => guard(saveMenus)}
        confirmLoading={savingMenus}
        okText={t('admin:form.save')}
        cancelText={t('common:actions.cancel')}
        maskClosable={false}
        okButtonProps={{ 'data-testid': 'user-menus-save' } as never}
      >
        <Typography.Paragraph type="secondary">{t('admin:userManagement.menusHint')}</Typography.Paragraph>
        {menus && (
          <Checkbox.Group
            data-testid="user-menus-list"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 4 }}
            value={menus.offered.filter((k) => !menus.denied.includes(k))}
            // Entries the sidebar cannot show (no screen yet) keep their setting.
            onChange={(visible) =>
              setMenus({
                ...menus,
                denied: [
                  ...menus.denied.filter((k) => !menus.offered.includes(k)),
                  ...menus.offered.filter((k) => !(visible as string[]).includes(k)),
                ],
              })
            }
            options={menus.offered.map((key) => ({ value: key, label: t(`menu:${key}`) }))}
          />
        )}
      </Modal>
    </span>
  );
}

/** The generated form, offering only the roles this user may give; on the own record the roles stay as they are. */
function UserForm(props: FormPageProps) {
  const { t } = useTranslation();
  const own = props.mode === 'edit' && !!props.record && isOwnRecord(props.record);
  const declaration = useMemo(() => (callerIsAdmin() ? props.declaration : withoutAdminRole(props.declaration)), [props.declaration]);
  return (
    <ResourceForm {...props} declaration={declaration} lockedFields={own ? { roles: t('admin:userManagement.ownRoles') } : undefined} />
  );
}

/** 'Locked' says 'Deactivated' for a deactivated user (locked too, but for good until reactivated). */
function LockedCell({ value, record }: { value: unknown; record: Row }) {
  const { t } = useTranslation();
  if (record.deactivated_at) return <Tag color="default">{t('admin:userManagement.deactivatedTag')}</Tag>;
  return value ? <Tag color="red">{t('admin:common.yes')}</Tag> : <Tag>{t('admin:common.no')}</Tag>;
}

export default resourceScreen(userManagement, {
  form: UserForm,
  cells: { locked: (value, record) => <LockedCell value={value} record={record} /> },
  editable: mayManageUser,
  rowActions: (record, refresh) => <UserActions record={record} refresh={refresh} />,
});
