import { CloseCircleOutlined, EyeOutlined, RedoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandRow } from '../../../contract/devices';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { devicesApi, refreshDevices } from './api';
import { isRetryable } from '../../../contract/device-commands';
import { callErrorText, commandLabel, mayCancel, messageText, paramsText } from './catalogue';
import { CommandDrawer } from './CommandDrawer';
import { StateTag } from './StateTag';

/**
 * Commands with their state, the device's answer and their times in the system's own zone; cancel while the device
 * has not acknowledged one, retry one that ended without success, and its history in a drawer. `showSystem`: the
 * fleet-wide list names the system; a system's own tab need not.
 */
export function CommandTable({
  tableId,
  rows,
  loading,
  showSystem = true,
  pagination,
  onChange,
}: {
  tableId: string;
  rows: CommandRow[];
  loading?: boolean;
  showSystem?: boolean;
  pagination?: false | TablePaginationConfig;
  onChange?: (pagination: TablePaginationConfig) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const can = useCanAccess();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [detail, setDetail] = useState<number>();
  const onError = (error: unknown) => void message.error(callErrorText(t, error));
  const cancel = useMutation({
    mutationFn: (row: CommandRow) => devicesApi.cancel(row.id),
    onSuccess: () => {
      void message.success(t('devices:list.canceled'));
      void refreshDevices(queryClient);
    },
    onError,
  });
  const retry = useMutation({
    mutationFn: (row: CommandRow) => devicesApi.retry(row.id),
    onSuccess: () => {
      void message.success(t('devices:list.retried'));
      void refreshDevices(queryClient);
    },
    onError,
  });
  const mayUpdate = can('deviceCommand', 'update');
  const mayCreate = can('deviceCommand', 'create');

  const columns: ResponsiveColumn<CommandRow>[] = [
    {
      key: 'command',
      title: t('devices:list.command'),
      card: 'title',
      render: (_, row) => (
        <Space direction="vertical" size={0} className="device-words">
          <Typography.Text strong>{commandLabel(t, row.command)}</Typography.Text>
          <Typography.Text type="secondary" className="device-params-text">
            {paramsText(t, fmt, row.command, row.params, row.time_zone)}
          </Typography.Text>
        </Space>
      ),
    },
    ...(showSystem
      ? [
          {
            key: 'system',
            title: t('devices:list.system'),
            render: (_: unknown, row: CommandRow) => (
              <Space direction="vertical" size={0}>
                <span className="text-nowrap">{row.sys_sn}</span>
                <Typography.Text type="secondary">{row.sys_name}</Typography.Text>
              </Space>
            ),
          } satisfies ResponsiveColumn<CommandRow>,
        ]
      : []),
    { key: 'state', title: t('devices:list.state'), card: 'status', render: (_, row) => <StateTag state={row.state} /> },
    {
      key: 'message',
      title: t('devices:list.message'),
      render: (_, row) => messageText(t, row.state, row.message) ?? <Typography.Text type="secondary">–</Typography.Text>,
    },
    {
      key: 'sender',
      title: t('devices:list.sender'),
      render: (_, row) => (
        <Space direction="vertical" size={0} className="device-words">
          <span>{row.requested_by ?? t('devices:list.portal')}</span>
          <Typography.Text type="secondary">
            {t(`devices:source.${row.source}`, { defaultValue: row.source })}
            {row.batch_id !== null && ` #${row.batch_id}`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'created',
      title: t('devices:list.created'),
      render: (_, row) => <span className="text-nowrap">{fmt.dateTime(row.created_at, { timeZone: row.time_zone })}</span>,
    },
    {
      key: 'finished',
      title: t('devices:list.finished'),
      defaultHidden: !showSystem,
      render: (_, row) => <span className="text-nowrap">{fmt.dateTime(row.finished_at, { timeZone: row.time_zone })}</span>,
    },
    {
      key: 'actions',
      title: t('devices:list.actions'),
      card: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Tooltip title={t('devices:list.details')}>
            <Button size="small" icon={<EyeOutlined />} aria-label={t('devices:list.details')} onClick={() => setDetail(row.id)} />
          </Tooltip>
          {mayUpdate && mayCancel(row.state) && (
            <Popconfirm
              title={t('devices:list.cancelConfirm')}
              okText={t('devices:list.cancel')}
              cancelText={t('devices:keep')}
              onConfirm={() => cancel.mutate(row)}
            >
              {/* An icon with its name as a tooltip, as the details button: a long name ('Befehl abbrechen') did not fit the column. */}
              <Tooltip title={t('devices:list.cancel')}>
                <Button
                  size="small"
                  danger
                  icon={<CloseCircleOutlined />}
                  aria-label={t('devices:list.cancel')}
                  loading={cancel.isPending && cancel.variables?.id === row.id}
                />
              </Tooltip>
            </Popconfirm>
          )}
          {mayCreate && isRetryable(row.state) && (
            <Button
              size="small"
              icon={<RedoOutlined />}
              loading={retry.isPending && retry.variables?.id === row.id}
              onClick={() => retry.mutate(row)}
            >
              {t('devices:list.retry')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ResponsiveTable<CommandRow>
        tableId={tableId}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={pagination}
        onChange={(p) => onChange?.(p)}
        locale={{ emptyText: t('devices:list.empty') }}
      />
      <CommandDrawer id={detail} onClose={() => setDetail(undefined)} />
    </>
  );
}
