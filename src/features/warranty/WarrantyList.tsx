import { KeyOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WarrantyRow } from '../../../contract/warranty';
import {
  EXPIRING_DAYS,
  WARRANTY_COMPONENTS,
  WARRANTY_STATES,
  type WarrantyComponent,
  type WarrantySortKey,
  type WarrantyState,
} from '../../../contract/warranty-constants';
import { useCanAccess } from '../../auth/ability';
import { MISSING, useFormat } from '../../i18n/format';
import { warrantyApi, warrantyKeys, type WarrantyListQuery } from './api';
import { KeyList } from './KeyList';
import { STATE_COLORS } from './WarrantyPanel';

interface Filters {
  q?: string;
  model?: string;
  installer?: string;
  state?: WarrantyState;
  withinDays?: number;
}

/**
 * The warranty list of the system summary (GetWarrantyPageList, staff): the systems in scope with recorded terms,
 * their start, the inverter's, the battery's and the system's end, the battery's throughput and the keys redeemed;
 * by state (under warranty, expiring within N days, expired), model and installer. After-sales staff issue keys here.
 */
export default function WarrantyList() {
  const { t } = useTranslation('warranty');
  const format = useFormat();
  const can = useCanAccess();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<{ pageIndex: number; pageSize: number; sort?: { field: WarrantySortKey; order: 'asc' | 'desc' } }>({
    pageIndex: 1,
    pageSize: 20,
  });
  const [issuing, setIssuing] = useState(false);
  const query: WarrantyListQuery = {
    ...filters,
    pageIndex: paging.pageIndex,
    pageSize: paging.pageSize,
    ...(paging.sort ? { sort: [paging.sort] } : {}),
  };
  const answer = useQuery({
    queryKey: warrantyKeys.list(query),
    queryFn: () => warrantyApi.list(query),
    placeholderData: keepPreviousData,
  });
  const sorter = (key: WarrantySortKey) => ({
    key,
    dataIndex: key,
    sorter: true,
    sortOrder: paging.sort?.field === key ? (paging.sort.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });
  const date = (v: string) => format.date(v);
  return (
    <div>
      <Form<Filters>
        layout="inline"
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(values) => {
          setFilters(values);
          setPaging((p) => ({ ...p, pageIndex: 1 }));
        }}
      >
        <Form.Item name="q">
          <Input allowClear placeholder={t('list.search')} aria-label={t('list.search')} maxLength={64} />
        </Form.Item>
        <Form.Item name="model">
          <Input allowClear placeholder={t('list.model')} aria-label={t('list.model')} maxLength={64} />
        </Form.Item>
        <Form.Item name="installer">
          <Input allowClear placeholder={t('list.installer')} aria-label={t('list.installer')} maxLength={200} />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('list.state')}
            aria-label={t('list.state')}
            options={WARRANTY_STATES.map((s) => ({ value: s, label: t(`filter.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="withinDays" label={t('list.withinDays')}>
          <InputNumber min={1} max={3650} precision={0} placeholder={String(EXPIRING_DAYS)} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('list.searchButton')}
          </Button>
        </Form.Item>
        {can('warrantyKey', 'create') ? (
          <Form.Item>
            <Button icon={<KeyOutlined />} onClick={() => setIssuing(true)}>
              {t('keys.issue')}
            </Button>
          </Form.Item>
        ) : null}
      </Form>
      <Table<WarrantyRow>
        rowKey="sys_sn"
        size="middle"
        scroll={{ x: true }}
        loading={answer.isFetching}
        dataSource={answer.data?.data ?? []}
        columns={[
          { ...sorter('sys_sn'), title: t('list.sys_sn') },
          { ...sorter('minv'), title: t('list.model') },
          { ...sorter('installer'), title: t('list.installer'), render: (v: string | null) => v || MISSING },
          { ...sorter('start_on'), title: t('list.start_on'), render: date },
          { ...sorter('inverter_end'), title: t('list.inverter_end'), render: date },
          { ...sorter('battery_end'), title: t('list.battery_end'), render: date },
          {
            key: 'throughput',
            title: t('list.throughput'),
            align: 'right',
            render: (_: unknown, row) => `${format.number(row.used_mwh, 2)} / ${format.number(row.allowed_mwh, 1)} MWh`,
          },
          { ...sorter('warranty_end'), title: t('list.warranty_end'), render: date },
          {
            key: 'state',
            dataIndex: 'state',
            title: t('list.state'),
            render: (v: WarrantyState) => <Tag color={STATE_COLORS[v]}>{t(`state.${v}`)}</Tag>,
          },
          {
            key: 'extensions',
            dataIndex: 'extensions',
            title: t('list.extensions'),
            align: 'right',
            render: (v: number) => format.number(v, 0),
          },
        ]}
        onChange={(next, _filters, sort) => {
          const one = Array.isArray(sort) ? sort[0] : sort;
          const order = one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : undefined;
          setPaging({
            pageIndex: next.current ?? 1,
            pageSize: next.pageSize ?? paging.pageSize,
            ...(order ? { sort: { field: String(one!.columnKey) as WarrantySortKey, order } } : {}),
          });
        }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: answer.data?.dataCount ?? 0,
          showSizeChanger: true,
          showTotal: (count: number) => t('list.count', { count }),
        }}
      />
      {issuing ? <IssueKeys onClose={() => setIssuing(false)} /> : null}
      {can('warrantyKey', 'read') ? <KeyList /> : null}
    </div>
  );
}

interface IssueValues {
  kind: WarrantyComponent;
  years: number;
  mwh?: number;
  count: number;
  expires_on: Dayjs;
  note?: string;
}

/** Issues keys (SaveWarrantyData) and shows them once made, to copy into the letters or the shop. */
function IssueKeys({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('warranty');
  const [form] = Form.useForm<IssueValues>();
  const kind = Form.useWatch('kind', form);
  const queryClient = useQueryClient();
  const issue = useMutation({
    mutationFn: (v: IssueValues) =>
      warrantyApi.keys({
        action: 'issue',
        kind: v.kind,
        years: v.years,
        mwh: v.kind === 'battery' ? (v.mwh ?? 0) : 0,
        count: v.count,
        expires_on: v.expires_on.format('YYYY-MM-DD'),
        note: v.note,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: warrantyKeys.all }),
  });
  const issued = issue.data?.keys;
  return (
    <Modal
      open
      title={t('keys.issue')}
      onCancel={onClose}
      okText={issued ? t('keys.close') : t('keys.issueButton')}
      onOk={() => (issued ? onClose() : form.submit())}
      confirmLoading={issue.isPending}
    >
      {issued ? (
        <>
          <Typography.Paragraph>{t('keys.issued', { count: issued.length })}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: issued.map((k) => k.code).join('\n') }}>
            {issued.map((k) => (
              <div key={k.code}>
                <Typography.Text code>{k.code}</Typography.Text>
              </div>
            ))}
          </Typography.Paragraph>
        </>
      ) : (
        <Form<IssueValues>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'battery', years: 5, mwh: 20, count: 1, expires_on: dayjs().add(1, 'year') }}
          onFinish={(v) => issue.mutate(v)}
        >
          <Form.Item name="kind" label={t('keys.kind')}>
            <Select options={WARRANTY_COMPONENTS.map((c) => ({ value: c, label: t(`component.${c}`) }))} />
          </Form.Item>
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item name="years" label={t('keys.years')} rules={[{ required: true }]}>
                <InputNumber min={0} max={20} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              {kind === 'battery' ? (
                <Form.Item name="mwh" label={t('keys.mwh')}>
                  <InputNumber min={0} max={100000} style={{ width: '100%' }} />
                </Form.Item>
              ) : null}
            </Col>
          </Row>
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item name="count" label={t('keys.count')} rules={[{ required: true }]}>
                <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="expires_on" label={t('keys.expiresOn')} rules={[{ required: true }]}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="note" label={t('keys.note')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
