import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../../api';
import type { SystemComponent } from '../../../../../contract/monitoring';

const KIND_COLORS: Record<string, string> = { inverter: 'blue', battery: 'green', meter: 'purple', ems: 'cyan' };

export function ComponentKindTag({ kind }: { kind: string }) {
  const { t } = useTranslation('monitoring');
  return <Tag color={KIND_COLORS[kind]}>{t(`components.kind.${kind}`, { defaultValue: kind })}</Tag>;
}

export function useComponents(sn: string) {
  return useQuery({ queryKey: monitoringKeys.components(sn), queryFn: () => monitoringApi.components(sn) });
}

/** Staff: every component of a system with S/N, model, firmware and supplier. */
export function ComponentsTable({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const { data, isLoading } = useComponents(sn);
  return (
    <Card>
      <Table<SystemComponent>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('components.none')} /> }}
        columns={[
          { key: 'kind', dataIndex: 'kind', title: t('components.type'), render: (kind: string) => <ComponentKindTag kind={kind} /> },
          { key: 'sn', dataIndex: 'sn', title: t('components.sn'), render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { key: 'model', dataIndex: 'model', title: t('components.model') },
          { key: 'firmware', dataIndex: 'firmware_version', title: t('components.firmware'), render: (v: string) => v || '–' },
          { key: 'supplier', dataIndex: 'supplier_company', title: t('components.supplier'), render: (v: string | null) => v ?? '–' },
        ]}
      />
    </Card>
  );
}

/** The customer's dashboard: what their system is built from, compactly. */
export function ComponentsCard({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const { data, isLoading } = useComponents(sn);
  return (
    <Card title={t('components.title')} className="monitor-components">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : data?.length ? (
        <ul className="monitor-components__list" data-testid="components-card">
          {data.map((c) => (
            <li key={c.id}>
              <ComponentKindTag kind={c.kind} />
              <div className="monitor-components__text">
                <span className="monitor-components__model">{c.model}</span>
                <Typography.Text type="secondary" className="monitor-components__meta">
                  {t('components.snShort')} {c.sn}
                  {c.firmware_version ? ` · ${t('components.firmwareShort')} ${c.firmware_version}` : ''}
                </Typography.Text>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('components.none')} />
      )}
    </Card>
  );
}
