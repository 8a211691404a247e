import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SystemMap } from '../../monitoring/map/SystemMap';
import { useDayjsLocale } from '../../monitoring/useDayjsLocale';
import { StatusCards } from './StatusCards';
import { SystemFilters, type Filters } from './SystemFilters';
import { SystemPage } from './SystemPage';
import { SystemTable, type Paging } from './SystemTable';

/**
 * /EnergyStorageList/energyStorageList (and the supplier's dashboard): status counts, search, the paged
 * list and the map; `?sn=` opens that system's page.
 */
export default function StorageList({ titleKey = 'menu:energyStorageList' }: { titleKey?: string }) {
  const { t } = useTranslation('monitoring');
  useDayjsLocale();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => (params.get('status') ? { status: params.get('status')! } : {}));
  const [paging, setPaging] = useState<Paging>({ pageIndex: 1, pageSize: 20 });
  const sn = params.get('sn');

  const open = (system: string) => setParams((current) => { const next = new URLSearchParams(current); next.set('sn', system); return next; });
  const close = () => setParams((current) => { const next = new URLSearchParams(current); next.delete('sn'); return next; });
  const filter = (next: Filters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, pageIndex: 1 }));
  };

  if (sn) return <SystemPage sn={sn} onBack={close} />;

  return (
    <div>
      <div className="page-head">
        <div>
          <h1>{t(titleKey)}</h1>
          <p>{t('list.subtitle')}</p>
        </div>
      </div>
      <StatusCards active={filters.status} onSelect={(status) => filter({ ...filters, status: status === 'total' ? undefined : status })} />
      <Card styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        items={[
          {
            key: 'list',
            label: t('list.tab'),
            children: (
              <>
                <SystemFilters value={filters} onChange={filter} />
                <SystemTable filters={filters} paging={paging} onPaging={setPaging} onOpen={open} />
              </>
            ),
          },
          { key: 'map', label: t('map.title'), children: <SystemMap onOpen={open} /> },
        ]}
      />
      </Card>
    </div>
  );
}
