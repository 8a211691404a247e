import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, Popconfirm, Row, Select, Space, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_STATES, type AlarmSortKey, type AlarmState } from '../../../contract/alarm-states';
import { alarmCalls } from '../../../contract/alarms-calls';
import type { AlarmRow } from '../../../contract/alarms';
import { countryLabel, countryOptions } from '../../../contract/countries';
import { ALARM_SEVERITIES, FAULT_COMPONENTS, faultTitle } from '../../../contract/fault-codes';
import { useCanAccess } from '../../auth/ability';
import { MISSING, useFormat } from '../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn, type ResponsiveTableProps } from '../../ui/ResponsiveTable';
import { ExportButton } from '../monitoring/shared/charts/ExportButton';
import { AlarmDrawer } from './AlarmDrawer';
import { alarmKeys, alarmsApi } from './api';
import { searchOf, useAlarmQuery, type AlarmFilters } from './alarmQuery';
import { refusalText, SEVERITY_COLORS, STATE_COLORS } from './alarmText';

interface FormValues extends Omit<AlarmFilters, 'from' | 'to' | 'state'> {
  period: [Dayjs, Dayjs];
}

/**
 * /energyStorageSysMaintenance/sysFailureCheck: the alarms of the systems in scope seen in a period (the last 30 days
 * unless chosen), the worst first, filtered by S/N, model, firmware, code, component, severity, acknowledgement,
 * country and installer, with the count of each state above; selected alarms are acknowledged at once; a row opens the
 * alarm. Search, page and sort live in the URL; the export holds the same search.
 */
export default function SysFailureCheck() {
  const { t, i18n } = useTranslation('alarms');
  const format = useFormat();
  const can = useCanAccess();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [{ filters, paging }, setQuery] = useAlarmQuery();
  const [form] = Form.useForm<FormValues>();
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const [ackNote, setAckNote] = useState('');
  const formValues = useMemo(() => {
    const { from, to, state: _state, ...rest } = filters;
    return { ...rest, period: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs] };
  }, [filters]);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValues);
  }, [form, formValues]);

  const search = searchOf(filters, paging);
  const query = { ...search, pageIndex: paging.pageIndex, pageSize: paging.pageSize };
  const answer = useQuery({ queryKey: alarmKeys.list(query), queryFn: () => alarmsApi.list(query), placeholderData: keepPreviousData });
  const acknowledge = useMutation({
    mutationFn: () => alarmsApi.acknowledge(selected, ackNote.trim() || undefined),
    onSuccess: (done) => {
      void message.success(t('acknowledged', { count: done.acknowledged }));
      setSelected([]);
      setAckNote('');
      return client.invalidateQueries({ queryKey: alarmKeys.all });
    },
    onError: (error) => void message.error(refusalText(error)),
  });

  const sorter = (key: AlarmSortKey) => ({
    sorter: true,
    sortOrder: paging.sort === key ? (paging.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });
  const h = (key: string) => t(`columns.${key}`);
  const columns: ResponsiveColumn<AlarmRow>[] = [
    {
      key: 'severity',
      dataIndex: 'severity',
      title: h('severity'),
      card: 'status',
      ...sorter('severity'),
      render: (v: AlarmRow['severity']) => <Tag color={SEVERITY_COLORS[v]}>{t(`severity.${v}`)}</Tag>,
    },
    {
      key: 'fault',
      title: h('fault'),
      card: 'title',
      render: (_: unknown, row) => (
        <Button
          type="link"
          className="alarm-open"
          onClick={() => setOpened(row.id)}
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
        >
          {`${row.code} · ${faultTitle(t, row)}`}
        </Button>
      ),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: h('state'),
      card: 'status',
      render: (v: AlarmRow['state'], row) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLORS[v]}>{t(`state.${v}`)}</Tag>
          {row.acknowledged_at ? <Tag color="green">{t('ackShort')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'sys_sn', ...sorter('sys_sn'), dataIndex: 'sys_sn', title: h('sys_sn'), render: (v: string, row) => `${v} · ${row.sys_name}` },
    { key: 'model', dataIndex: 'model', title: h('model'), defaultHidden: true },
    { key: 'component', dataIndex: 'component', title: h('component'), render: (v: AlarmRow['component']) => t(`component.${v}`) },
    {
      key: 'last_seen_at',
      ...sorter('last_seen_at'),
      dataIndex: 'last_seen_at',
      title: h('last_seen_at'),
      render: (v: string, row) => format.timeOrDateTime(v, { timeZone: row.time_zone }),
    },
    {
      key: 'first_seen_at',
      ...sorter('first_seen_at'),
      dataIndex: 'first_seen_at',
      title: h('first_seen_at'),
      defaultHidden: true,
      render: (v: string, row) => format.dateTime(v, { timeZone: row.time_zone }),
    },
    {
      key: 'occurrences',
      ...sorter('occurrences'),
      dataIndex: 'occurrences',
      title: h('occurrences'),
      align: 'right',
      render: (v: number) => format.number(v, 0),
    },
    { key: 'assignee', dataIndex: 'assignee', title: h('assignee'), render: (v: string | null) => v ?? MISSING },
    {
      key: 'country_code',
      dataIndex: 'country_code',
      title: h('country_code'),
      defaultHidden: true,
      render: (v: string) => countryLabel(v, i18n.language),
    },
    { key: 'installer', dataIndex: 'installer', title: h('installer'), defaultHidden: true, render: (v: string | null) => v ?? MISSING },
  ];

  const onChange: ResponsiveTableProps<AlarmRow>['onChange'] = (next, _filters, sort) => {
    const one = Array.isArray(sort) ? sort[0] : sort;
    const order = one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : undefined;
    setQuery(filters, {
      pageIndex: next.current ?? 1,
      pageSize: next.pageSize ?? paging.pageSize,
      ...(order ? { sort: String(one!.columnKey) as AlarmSortKey, order } : {}),
    });
  };
  const submit = ({ period, ...values }: FormValues) =>
    setQuery(
      { ...values, state: filters.state, from: period[0].format('YYYY-MM-DD'), to: period[1].format('YYYY-MM-DD') },
      { ...paging, pageIndex: 1 },
    );
  const counts = answer.data?.counts;
  const all = counts ? ALARM_STATES.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const stateOptions = [
    { value: 'all', label: `${t('allStates')}${all === undefined ? '' : ` · ${format.number(all, 0)}`}` },
    ...ALARM_STATES.map((s) => ({ value: s, label: `${t(`state.${s}`)}${counts ? ` · ${format.number(counts[s], 0)}` : ''}` })),
  ];
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const mayAcknowledge = can('alarm', 'update');

  return (
    <div>
      <div className="page-head">
        <div>
          <h1>{t('menu:sysFailureCheck')}</h1>
          <p>{t('subtitle')}</p>
        </div>
        {can('alarm', 'export') ? <ExportButton label={t('export')} background endpoint={alarmCalls.export} body={search} /> : null}
      </div>
      <Card>
        <Tabs
          size="small"
          items={stateOptions.map(({ value, label }) => ({ key: value, label }))}
          activeKey={filters.state ?? 'all'}
          onChange={(value) =>
            setQuery({ ...filters, state: value === 'all' ? undefined : (value as AlarmState) }, { ...paging, pageIndex: 1 })
          }
        />
        <Form<FormValues> form={form} initialValues={formValues} onFinish={submit}>
          <Row gutter={[8, 0]}>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="period" rules={[{ required: true, message: t('periodRequired') }]}>
                <DatePicker.RangePicker allowClear={false} style={{ width: '100%' }} aria-label={t('period')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={5}>
              <Form.Item name="q">
                <Input allowClear placeholder={t('search')} aria-label={t('search')} maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={3}>
              <Form.Item name="code">
                <Input allowClear placeholder={h('code')} aria-label={h('code')} maxLength={32} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={5}>
              <Form.Item name="severities">
                <Select
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  placeholder={h('severity')}
                  aria-label={h('severity')}
                  options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={5}>
              <Form.Item name="component">
                <Select
                  allowClear
                  placeholder={h('component')}
                  aria-label={h('component')}
                  options={FAULT_COMPONENTS.map((c) => ({ value: c, label: t(`component.${c}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item name="model">
                <Input allowClear placeholder={h('model')} aria-label={h('model')} maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item name="firmware">
                <Input allowClear placeholder={t('firmware')} aria-label={t('firmware')} maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item name="countryCode">
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder={h('country_code')}
                  aria-label={h('country_code')}
                  options={countries}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={3}>
              <Form.Item name="installer">
                <Input allowClear placeholder={h('installer')} aria-label={h('installer')} maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={3}>
              <Form.Item name="ack">
                <Select
                  allowClear
                  placeholder={h('acknowledged')}
                  aria-label={h('acknowledged')}
                  options={[
                    { value: 'yes', label: t('ackYes') },
                    { value: 'no', label: t('ackNo') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={3}>
              <Form.Item>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block>
                  {t('monitoring:list.search')}
                </Button>
              </Form.Item>
            </Col>
            <Col xs={12} lg={3}>
              <Form.Item>
                <Button block onClick={() => setQuery({ from: filters.from, to: filters.to }, { ...paging, pageIndex: 1 })}>
                  {t('reset')}
                </Button>
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {mayAcknowledge && selected.length > 0 ? (
          <Space wrap style={{ marginBottom: 12 }}>
            <Popconfirm
              title={t('ackSelected', { count: selected.length })}
              description={
                <Input
                  placeholder={t('detail.ackNote')}
                  aria-label={t('detail.ackNote')}
                  maxLength={500}
                  value={ackNote}
                  onChange={(e) => setAckNote(e.target.value)}
                />
              }
              okText={t('actions.acknowledge')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => acknowledge.mutate()}
            >
              <Button type="primary" loading={acknowledge.isPending}>
                {t('ackSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
            <Button onClick={() => setSelected([])}>{t('clearSelection')}</Button>
          </Space>
        ) : null}
        <ResponsiveTable<AlarmRow>
          tableId="sysFailureCheck"
          rowKey="id"
          size="middle"
          cardFields={5}
          loading={answer.isFetching}
          columns={columns}
          dataSource={answer.data?.data ?? []}
          onChange={onChange}
          rowSelection={
            mayAcknowledge
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (row) => ({ disabled: row.acknowledged_at !== null, 'aria-label': row.sys_sn }),
                }
              : undefined
          }
          pagination={{
            current: paging.pageIndex,
            pageSize: paging.pageSize,
            total: answer.data?.dataCount ?? 0,
            showSizeChanger: true,
            showTotal: (count: number) => t('count', { count }),
          }}
        />
      </Card>
      <AlarmDrawer id={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
