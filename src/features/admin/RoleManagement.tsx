import { EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanAccess } from '../../auth/ability';
import { RowAction } from '../../resources/RowAction';
import { useSubmitGuard } from '../../resources/useSubmitGuard';
import { ResponsiveTable } from '../../ui/ResponsiveTable';
import { ADMIN_ROLE, callerIsAdmin } from './adminRule';
import { adminApi, adminQueries, type RoleRow } from './api';
import { useSidebarEntries } from './sidebarEntries';

/** roleManagement: the 14 roles and the menu entries each one's users see (a custom list page of the engine). */
export default function RoleManagement() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<RoleRow | undefined>();
  const query = useQuery({ ...adminQueries.roles(), select: (page) => page.data });
  const mayEdit = can('role', 'update');
  const sidebar = useSidebarEntries();
  const offered = (row: RoleRow) => sidebar.offered([row.role]);
  const { busy: saving, guard } = useSubmitGuard();

  const save = async () => {
    if (!editing) return;
    const answer = await adminApi.saveRolePermissions(editing.role, editing.menus);
    if (answer.ok) {
      message.success(t('admin:roleManagement.saved'));
      setEditing(undefined);
      void query.refetch();
    } else {
      message.error(t(`errors:code.${answer.refused.code}`));
    }
  };

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu:roleManagement')}
        </Typography.Title>
      }
    >
      <ResponsiveTable<RoleRow>
        tableId="roleManagement"
        rowKey="role"
        loading={query.isLoading}
        dataSource={query.data}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('admin:roleManagement.role'),
            dataIndex: 'role',
            card: 'title',
            render: (role: string) => <Tag color="blue">{t(`common:role.${role}`)}</Tag>,
          },
          { key: 'role', title: t('admin:roleManagement.key'), dataIndex: 'role' },
          {
            key: 'menus',
            title: t('admin:roleManagement.menus'),
            // Counted as its sidebar shows them: built screens, not hidden in menu management.
            render: (_: unknown, row) =>
              t('admin:roleManagement.menuCount', {
                count: sidebar.shown(
                  [row.role],
                  row.available.filter((key) => !row.menus.includes(key)),
                ).length,
                total: offered(row).length,
              }),
          },
          {
            key: 'actions',
            title: t('admin:list.actions'),
            card: 'actions',
            render: (_: unknown, row) => {
              if (!mayEdit) return null;
              // What the admin role sees only an admin decides (the server answers 45 to anyone else).
              if (row.role === ADMIN_ROLE && !callerIsAdmin()) {
                return (
                  <RowAction title={t('admin:roleManagement.adminOnly')} icon={<SafetyOutlined />} disabled data-testid="role-admin-only" />
                );
              }
              return (
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ ...row })}>
                  {t('admin:roleManagement.edit')}
                </Button>
              );
            },
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing && t('admin:roleManagement.editTitle', { role: t(`common:role.${editing.role}`) })}
        onCancel={() => setEditing(undefined)}
        onOk={() => guard(save)}
        confirmLoading={saving}
        okText={t('admin:form.save')}
        cancelText={t('common:actions.cancel')}
        maskClosable={false}
        width={640}
      >
        <Typography.Paragraph type="secondary">{t('admin:roleManagement.hint')}</Typography.Paragraph>
        {editing && (
          <Checkbox.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 4 }}
            value={editing.menus.filter((key) => offered(editing).includes(key))}
            // Entries the sidebar cannot show (no screen yet) keep their setting.
            onChange={(ticked) =>
              setEditing({
                ...editing,
                menus: [...editing.menus.filter((key) => !offered(editing).includes(key)), ...(ticked as string[])],
              })
            }
            options={offered(editing).map((key) => ({ value: key, label: t(`menu:${key}`) }))}
          />
        )}
      </Modal>
    </Card>
  );
}
