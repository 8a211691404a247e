import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COMMAND_STATES, isOpenState, type CommandName, type CommandState } from '../../../contract/device-commands';
import { useCanAccess } from '../../auth/ability';
import { useMenuTitle } from '../../routing/useMenuOverrides';
import { PageCard } from '../../ui/PageCard';
import { devicesQueries } from './api';
import { commandLabel, STAFF_COMMANDS } from './catalogue';
import { ChannelStatusBar } from './ChannelStatusBar';
import { CommandTable } from './CommandTable';
import { SendCommandPanel } from './SendCommandPanel';
import './devices.css';

interface Filters {
  sn?: string;
  command?: CommandName;
  states?: CommandState[];
  sender?: string;
  period?: [Dayjs, Dayjs] | null;
}

/** How often the list is read again while a command it shows is open. */
const LIVE_MS = 2000;

/**
 * /energyStorageSysMaintenance/commandManagement: send a command to a system (`?sn=` preselects it: the system page
 * links here) and the commands of the systems in scope, filtered by S/N, command, state, sender and period, read
 * again every 2 s while one of them is open.
 */
export default function CommandManagement() {
  const { t } = useTranslation();
  const can = useCanAccess();
  const menuTitle = useMenuTitle({ load: false });
  const [params, setParams] = useSearchParams();
  const sn = params.get('sn') ?? '';
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const body = {
    ...page,
    ...(filters.sn?.trim() ? { sn: filters.sn.trim() } : {}),
    ...(filters.command ? { command: filters.command } : {}),
    ...(filters.states?.length ? { states: filters.states } : {}),
    ...(filters.sender?.trim() ? { sender: filters.sender.trim() } : {}),
    ...(filters.period ? { from: filters.period[0].startOf('day').format(), to: filters.period[1].endOf('day').format() } : {}),
  };
  const list = useQuery({
    ...devicesQueries.commands(body),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.data.some((row) => isOpenState(row.state)) ? LIVE_MS : false),
  });

  const setSn = (next: string) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      if (next) merged.set('sn', next);
      else merged.delete('sn');
      return merged;
    });

  return (
    <PageCard title={menuTitle('commandManagement')}>
      <ChannelStatusBar />
      {can('deviceCommand', 'create') && (
        <SendCommandPanel
          sn={sn}
          onSn={setSn}
          // The new command is the newest: it is on the first page.
          onSent={() => setPage((p) => ({ ...p, pageIndex: 1 }))}
        />
      )}
      <Typography.Title level={5} className="device-section-title">
        {t('devices:list.title')}
      </Typography.Title>
      <Form<Filters>
        layout="inline"
        className="device-filters"
        onValuesChange={(_, all) => {
          setFilters(all);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      >
        <Form.Item name="sn">
          <Input allowClear placeholder={t('devices:list.sn')} aria-label={t('devices:list.sn')} />
        </Form.Item>
        <Form.Item name="command">
          <Select
            allowClear
            placeholder={t('devices:list.command')}
            aria-label={t('devices:list.command')}
            options={STAFF_COMMANDS.map((c) => ({ value: c.name, label: commandLabel(t, c.name) }))}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="states">
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('devices:list.state')}
            aria-label={t('devices:list.state')}
            options={COMMAND_STATES.map((s) => ({ value: s, label: t(`devices:state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="sender">
          <Input allowClear placeholder={t('devices:list.sender')} aria-label={t('devices:list.sender')} />
        </Form.Item>
        <Form.Item name="period">
          <DatePicker.RangePicker aria-label={t('devices:list.period')} />
        </Form.Item>
      </Form>
      <CommandTable
        tableId="commandManagement"
        rows={list.data?.data ?? []}
        loading={list.isLoading}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.dataCount ?? 0,
          showSizeChanger: true,
          hideOnSinglePage: true,
        }}
        onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
      />
    </PageCard>
  );
}
