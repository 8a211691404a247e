import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WarrantyKeyRow } from '../../../contract/warranty';
import {
  WARRANTY_COMPONENTS,
  WARRANTY_KEY_FILTERS,
  type WarrantyComponent,
  type WarrantyKeyFilter,
} from '../../../contract/warranty-constants';
import { useCanAccess } from '../../auth/ability';
import { MISSING, useFormat } from '../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { warrantyApi, warrantyKeys, type WarrantyKeyQuery } from './api';

const KEY_COLORS: Record<WarrantyKeyFilter, string> = { unused: 'green', used: 'blue', void: 'default', expired: 'orange' };

interface Filters {
  q?: string;
  kind?: WarrantyComponent;
  state?: WarrantyKeyFilter;
}

/**
 * The CDKEYs issued so far (after-sales staff): an unused key to hand out is found and copied here, a used one shows
 * the system it extended, and an unused one can be voided (a key sent to the wrong customer).
 */
export function KeyList() {
  const { t } = useTranslation('warranty');
  const format = useFormat();
  const can = useCanAccess();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const query: WarrantyKeyQuery = { ...filters, ...page };
  const answer = useQuery({
    queryKey: warrantyKeys.keyList(query),
    queryFn: () => warrantyApi.keyList(query),
    placeholderData: keepPreviousData,
  });
  const voidKey = useMutation({
    mutationFn: (cdkey: string) => warrantyApi.keys({ action: 'void', cdkey }),
    onSuccess: () => {
      void message.success(t('keys.voided'));
      return client.invalidateQueries({ queryKey: warrantyKeys.all });
    },
  });
  const stateOf = (row: WarrantyKeyRow): WarrantyKeyFilter => (row.expired ? 'expired' : row.state);
  const columns: ResponsiveColumn<WarrantyKeyRow>[] = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('cdkey'),
      card: 'title',
      render: (v: string) => (
        <Typography.Text code copyable>
          {v}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: t('keys.state'),
      card: 'status',
      render: (_: unknown, row) => <Tag color={KEY_COLORS[stateOf(row)]}>{t(`keys.states.${stateOf(row)}`)}</Tag>,
    },
    { key: 'kind', dataIndex: 'kind', title: t('keys.kind'), render: (v: WarrantyComponent) => t(`component.${v}`) },
    {
      key: 'terms',
      title: t('keys.terms'),
      render: (_: unknown, row) =>
        row.kind === 'battery'
          ? t('keys.batteryTerms', { years: row.years, mwh: format.number(row.mwh, 1) })
          : t('keys.inverterTerms', { years: row.years }),
    },
    { key: 'expires_on', dataIndex: 'expires_on', title: t('keys.expiresOn'), render: (v: string) => format.date(v) },
    {
      key: 'used',
      title: t('keys.usedOn'),
      render: (_: unknown, row) => (row.used_sn ? `${row.used_sn} · ${format.date(row.used_at)}` : MISSING),
    },
    {
      key: 'issued',
      title: t('keys.issuedBy'),
      render: (_: unknown, row) => `${row.created_by ?? MISSING} · ${format.date(row.created_at)}`,
    },
    { key: 'note', dataIndex: 'note', title: t('keys.note'), render: (v: string) => v || MISSING },
    {
      key: 'actions',
      title: '',
      card: 'actions',
      render: (_: unknown, row) =>
        stateOf(row) === 'unused' && can('warrantyKey', 'create') ? (
          <Popconfirm title={t('keys.voidConfirm', { code: row.code })} onConfirm={() => voidKey.mutate(row.code)}>
            <Button size="small" danger>
              {t('keys.void')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <section className="warranty-keys">
      <Typography.Title level={5}>{t('keys.listTitle')}</Typography.Title>
      <Form<Filters>
        layout="inline"
        className="warranty-filters"
        onFinish={(values) => {
          setFilters({
            ...(values.q?.trim() ? { q: values.q.trim() } : {}),
            ...(values.kind ? { kind: values.kind } : {}),
            ...(values.state ? { state: values.state } : {}),
          });
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      >
        <Form.Item name="q">
          <Input allowClear maxLength={40} placeholder={t('keys.search')} aria-label={t('keys.search')} />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('keys.kind')}
            aria-label={t('keys.kind')}
            options={WARRANTY_COMPONENTS.map((c) => ({ value: c, label: t(`component.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('keys.state')}
            aria-label={t('keys.state')}
            options={WARRANTY_KEY_FILTERS.map((s) => ({ value: s, label: t(`keys.states.${s}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />}>
            {t('list.searchButton')}
          </Button>
        </Form.Item>
      </Form>
      <ResponsiveTable<WarrantyKeyRow>
        tableId="warrantyKeys"
        rowKey="id"
        size="small"
        loading={answer.isFetching}
        columns={columns}
        dataSource={answer.data?.data ?? []}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: answer.data?.dataCount ?? 0,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
          showTotal: (count: number) => t('keys.countListed', { count }),
        }}
      />
    </section>
  );
}
