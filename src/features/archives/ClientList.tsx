import { FolderAddOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ClientRow } from '../../../contract/archives';
import { countryLabel } from '../../../contract/countries';
import { customerArchives } from '../../../resources/customerArchives';
import { session } from '../../api/session';
import { useCanAccess } from '../../auth/ability';
import { currentLanguage } from '../../i18n';
import { ResourceForm } from '../../resources/ResourceForm';
import type { Row } from '../../resources/screenTypes';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { useScreens } from '../../ui/useScreens';
import { archiveDetailPath, archiveKeys, archivesApi } from './api';
import './archives.css';

/**
 * /clientList: the owners of the systems in the caller's scope: the portal's customer users with the systems they own,
 * and owners without an account as their customer file knows them. This is where staff meet a customer who registered in the portal: open the customer's file, or
 * start one filled from the account and its first system (name, contact, e-mail, phone, address, country, S/N,
 * installer). The files themselves are /customerArchives.
 */
function prefill(client: ClientRow): Row {
  const system = client.systems[0];
  return {
    name: client.display_name || client.username || '',
    contact: client.display_name || client.username || '',
    email: client.email,
    phone: client.phone,
    country: system?.country || client.country || undefined,
    address: system?.address,
    city: system?.city,
    postcode: system?.postcode,
    sys_sn: system?.sys_sn,
    battery_model: system?.mbat,
    installer_company: system?.installer_company ?? '',
  };
}

export default function ClientList() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const screens = useScreens();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [creating, setCreating] = useState<ClientRow>();
  const pageSize = session.getListPageSize();
  const body = { keyword: keyword || undefined, pageIndex: page, pageSize };
  const query = useQuery({ queryKey: archiveKeys.clients(body), queryFn: () => archivesApi.clients(body) });
  const label = (key: string) => t(`archives:clientList.columns.${key}`);
  const mayCreate = can('customerArchive', 'create');
  // Who manages the accounts reads a customer's user name beside the name shown.
  const managesAccounts = can('user', 'update');

  const columns: ResponsiveColumn<ClientRow>[] = [
    {
      title: label('customer'),
      key: 'customer',
      card: 'title',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.display_name || row.username}</Typography.Text>
          {row.username === null ? (
            <Typography.Text type="secondary">{t('archives:clientList.noAccount')}</Typography.Text>
          ) : (
            // The log-in name is what an administrator looks a user up by; others know people by their names.
            managesAccounts && row.display_name && <Typography.Text type="secondary">{row.username}</Typography.Text>
          )}
        </Space>
      ),
    },
    { title: label('email'), dataIndex: 'email', render: (v) => v || '—' },
    { title: label('phone'), dataIndex: 'phone', render: (v) => v || '—' },
    { title: label('country'), dataIndex: 'country', width: 130, render: (v) => (v ? countryLabel(String(v), currentLanguage()) : '—') },
    {
      title: label('systems'),
      dataIndex: 'systems',
      render: (_, row) =>
        row.systems.length ? (
          <span className="client-systems">
            {row.systems.map((s) => (
              <Tag key={s.sys_sn} title={s.sys_name}>
                {s.sys_sn}
              </Tag>
            ))}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('archives:clientList.noSystems')}</Typography.Text>
        ),
    },
    {
      title: label('archive'),
      key: 'archive',
      card: 'actions',
      width: 150,
      render: (_, row) =>
        row.archive_id ? (
          <Link to={archiveDetailPath(row.archive_id)} data-testid="client-open-archive">
            <Button size="small" icon={<FolderOpenOutlined />}>
              {t('archives:clientList.openArchive')}
            </Button>
          </Link>
        ) : mayCreate && row.systems.length > 0 ? (
          <Button
            size="small"
            type="primary"
            icon={<FolderAddOutlined />}
            onClick={() => setCreating(row)}
            data-testid="client-create-archive"
          >
            {t('archives:clientList.createArchive')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} data-testid="client-list">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('menu:clientList')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('archives:clientList.intro')}</Typography.Paragraph>
      <Input.Search
        allowClear
        defaultValue={keyword}
        placeholder={t('archives:clientList.search')}
        onSearch={(value) => setParams(value.trim() ? { keyword: value.trim() } : {})}
        style={{ maxWidth: 360, marginBottom: 16 }}
        data-testid="client-search"
      />
      <ResponsiveTable<ClientRow>
        tableId="clientList"
        rowKey={(row) => (row.user_id !== null ? `user-${row.user_id}` : `archive-${row.archive_id}`)}
        dataSource={query.data?.data ?? []}
        loading={query.isLoading}
        columns={columns}
        size="middle"
        pagination={{
          current: page,
          pageSize: pageSize,
          total: query.data?.dataCount ?? 0,
          showTotal: (total) => t('admin:list.total', { count: total }),
          onChange: (next) => setParams({ ...(keyword ? { keyword } : {}), page: String(next) }),
        }}
      />
      <Drawer
        open={!!creating}
        title={t('archives:clientList.createTitle')}
        width={screens.md ? 560 : '100%'}
        maskClosable={false}
        destroyOnHidden
        onClose={() => setCreating(undefined)}
      >
        {creating && (
          <ResourceForm
            declaration={customerArchives}
            mode="create"
            record={prefill(creating)}
            onDone={() => {
              setCreating(undefined);
              void queryClient.invalidateQueries({ queryKey: ['archives', 'clients'] });
            }}
          />
        )}
      </Drawer>
    </Card>
  );
}
