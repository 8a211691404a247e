import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointsOf } from '../../../resources/endpoints';
import { installationRecords } from '../../../resources/installationRecords';
import { maintenanceRecords } from '../../../resources/maintenanceRecords';
import { call, callKey } from '../../api/call';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { ResourceForm } from '../../resources/ResourceForm';
import { ComponentHistory } from './ComponentHistory';
import { ReplaceComponentButton } from './ReplaceComponent';

type Row = Record<string, unknown>;

const installationCalls = endpointsOf(installationRecords);
const maintenanceCalls = endpointsOf(maintenanceRecords);

/** The records of one system through the declared list (its S/N filter matches parts: the exact S/N is kept). */
function useRecordsOf(which: 'installation' | 'maintenance', sysSn: string, pageSize: number) {
  const list = which === 'installation' ? installationCalls.list! : maintenanceCalls.list!;
  return useQuery({
    queryKey: [...callKey(list), { sys_sn: sysSn, pageSize }],
    queryFn: async (): Promise<Row[]> => {
      const body = { pageIndex: 1, pageSize, sys_sn: sysSn };
      const page = which === 'installation' ? await call(installationCalls.list!, body) : await call(maintenanceCalls.list!, body);
      return (page.data as Row[]).filter((row) => row.sys_sn === sysSn);
    },
  });
}

/** The system page's 'Installation' tab: how the system was installed, its components swapped, and a link to edit. */
export function InstallationTab({ sysSn }: { sysSn: string }) {
  const { t } = useTranslation('records');
  const format = useFormat();
  const can = useCanAccess();
  const { data, isLoading, refetch } = useRecordsOf('installation', sysSn, 5);
  const record = data?.[0];
  const [creating, setCreating] = useState(false);
  const screen = '/energyStorageSysMaintenance/InstallationRecord';
  const mayOpen = can('InstallationRecord');
  const label = (field: string) => t(`InstallationRecord.fields.${field}`);
  const yes = (value: unknown) => (value ? <Tag color="green">✓</Tag> : <Tag>–</Tag>);
  return (
    <Card loading={isLoading}>
      {record ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            {mayOpen && <Link to={`${screen}?action=${record.editable ? 'edit' : 'show'}&id=${String(record.id)}`}>{t('tabs.open')}</Link>}
            {record.editable === true && <ReplaceComponentButton sysSn={sysSn} onDone={() => void refetch()} />}
            {record.editable === false && (
              <Typography.Text type="secondary">
                {t('tabs.readOnlySince', { date: format.date(String(record.editable_until)) })}
              </Typography.Text>
            )}
          </Space>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={label('installer_company')}>{String(record.installer_company || '–')}</Descriptions.Item>
            <Descriptions.Item label={label('installer_person')}>{String(record.installer_person)}</Descriptions.Item>
            <Descriptions.Item label={label('installed_on')}>{format.date(String(record.installed_on))}</Descriptions.Item>
            <Descriptions.Item label={label('commissioned_on')}>{format.date(String(record.commissioned_on))}</Descriptions.Item>
            <Descriptions.Item label={label('components')} span={2}>
              <Typography.Text style={{ whiteSpace: 'pre-line' }}>{String(record.components || '–')}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={label('wiring_notes')} span={2}>
              {String(record.wiring_notes || '–')}
            </Descriptions.Item>
            <Descriptions.Item label={label('settings_notes')} span={2}>
              {String(record.settings_notes || '–')}
            </Descriptions.Item>
            <Descriptions.Item label={label('insulation_mohm')}>
              {record.insulation_mohm === null ? '–' : format.number(Number(record.insulation_mohm))}
            </Descriptions.Item>
            <Descriptions.Item label={label('grid_code')}>{String(record.grid_code || '–')}</Descriptions.Item>
            <Descriptions.Item label={label('ct_direction_checked')}>{yes(record.ct_direction_checked)}</Descriptions.Item>
            <Descriptions.Item label={label('backup_tested')}>{yes(record.backup_tested)}</Descriptions.Item>
            <Descriptions.Item label={label('customer_instructed')}>{yes(record.customer_instructed)}</Descriptions.Item>
            <Descriptions.Item label={label('accepted_by')}>
              {record.accepted_by ? `${String(record.accepted_by)} · ${format.date(String(record.accepted_on))}` : '–'}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      ) : (
        <Empty description={t('tabs.noInstallation')}>
          {can('installationRecord', 'create') && (
            <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-installation">
              {t('tabs.createInstallation')}
            </Button>
          )}
        </Empty>
      )}
      {creating && (
        <Modal open title={t('tabs.createInstallation')} footer={null} onCancel={() => setCreating(false)} destroyOnHidden width={720}>
          <ResourceForm
            declaration={installationRecords}
            mode="create"
            record={{ sys_sn: sysSn }}
            lockedFields={{ sys_sn: sysSn }}
            onDone={() => {
              setCreating(false);
              void refetch();
            }}
          />
        </Modal>
      )}
      <div style={{ marginTop: 16 }}>
        <ComponentHistory sysSn={sysSn} />
      </div>
    </Card>
  );
}

/**
 * The system page's 'Maintenance' tab: its visits and remote interventions, newest first, with what each replaced; a
 * new record is written here (service partners, who have no maintenance screen, record only here).
 */
export function MaintenanceTab({ sysSn }: { sysSn: string }) {
  const { t } = useTranslation('records');
  const format = useFormat();
  const can = useCanAccess();
  const queryClient = useQueryClient();
  const { data, isLoading } = useRecordsOf('maintenance', sysSn, 100);
  const [adding, setAdding] = useState(false);
  const label = (field: string) => t(`sysMaintenanceRecordsCheck.fields.${field}`);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: callKey(maintenanceCalls.list!) });
  return (
    <Card>
      {can('maintenanceRecord', 'create') && (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }} data-testid="add-maintenance">
          {t('tabs.addMaintenance')}
        </Button>
      )}
      <Table<Row>
        rowKey={(row) => String(row.id)}
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (row) => (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={label('work_done')}>{String(row.work_done || '–')}</Descriptions.Item>
              <Descriptions.Item label={label('firmware_before')}>{String(row.firmware_before || '–')}</Descriptions.Item>
              <Descriptions.Item label={label('firmware_after')}>{String(row.firmware_after || '–')}</Descriptions.Item>
              <Descriptions.Item label={label('alarm_ref')}>{String(row.alarm_ref || '–')}</Descriptions.Item>
              <Descriptions.Item label={label('complaint_id')}>{row.complaint_id ? `#${String(row.complaint_id)}` : '–'}</Descriptions.Item>
            </Descriptions>
          ),
        }}
        columns={[
          {
            key: 'on',
            title: label('performed_on'),
            render: (_, row) => `${format.date(String(row.performed_on))} ${String(row.performed_time)}`,
          },
          {
            key: 'kind',
            title: label('kind'),
            render: (_, row) => (
              <Tag color={row.kind === 'visit' ? 'green' : 'blue'}>{t(`sysMaintenanceRecordsCheck.options.kind.${String(row.kind)}`)}</Tag>
            ),
          },
          { key: 'engineer', title: label('engineer'), dataIndex: 'engineer' },
          { key: 'remarks', title: label('remarks'), dataIndex: 'remarks' },
          {
            key: 'parts',
            title: label('parts_replaced'),
            render: (_, row) => <Typography.Text style={{ whiteSpace: 'pre-line' }}>{String(row.parts_replaced || '–')}</Typography.Text>,
          },
          {
            key: 'actions',
            title: '',
            render: (_, row) => (
              <ReplaceComponentButton sysSn={sysSn} maintenanceId={Number(row.id)} label="replacePart" onDone={refresh} />
            ),
          },
        ]}
      />
      {adding && (
        <Modal open title={t('tabs.addMaintenance')} footer={null} onCancel={() => setAdding(false)} destroyOnHidden width={640}>
          <ResourceForm
            declaration={maintenanceRecords}
            mode="create"
            record={{ sys_sn: sysSn }}
            lockedFields={{ sys_sn: sysSn }}
            onDone={() => {
              setAdding(false);
              refresh();
            }}
          />
        </Modal>
      )}
    </Card>
  );
}
