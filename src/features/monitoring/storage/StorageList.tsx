import { Card, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDayjsLocale } from '../shared/useDayjsLocale';
import { StatusCards } from './StatusCards';
import { statusSearchOf, useListQuery, type Paging } from './listQuery';
import { SystemFilters, type Filters } from './SystemFilters';
import { SystemTable } from './SystemTable';

// Loaded when opened, not before the list's first row: the map's world outline is some 30 kB compressed, a
// system's page brings the monitoring views.
const SystemMap = lazy(() => import('../shared/map/SystemMap').then((module) => ({ default: module.SystemMap })));
const SystemPage = lazy(() => import('./SystemPage').then((module) => ({ default: module.SystemPage })));

/**
 * /EnergyStorageList/energyStorageList (and the supplier's dashboard): status counts, search, the paged
 * list and the map; `?sn=` opens that system's page. Filters, page and sort live in the URL (listQuery.ts),
 * so the page's back button and the browser's both return to the list as it was.
 */
export default function StorageList({ titleKey = 'menu:energyStorageList' }: { titleKey?: string }) {
  const { t } = useTranslation('monitoring');
  useDayjsLocale();
  const [params, setParams] = useSearchParams();
  const [{ filters, paging }, setQuery] = useListQuery();
  const sn = params.get('sn');

  // Stable, so that the list's table is not drawn again when nothing it shows has changed (SystemTable).
  const open = useCallback(
    (system: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('sn', system);
        return next;
      }),
    [setParams],
  );
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('sn');
      return next;
    });
  const changePage = useCallback((next: Paging) => setQuery({ filters, paging: next }), [setQuery, filters]);
  // A new search starts on its first page, keeping page size and sort.
  const filter = (next: Filters) => setQuery({ filters: next, paging: { ...paging, pageIndex: 1 } });

  if (sn) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
        <SystemPage sn={sn} onBack={close} />
      </Suspense>
    );
  }

  return (
    <div>
      <div className="page-head">
        <div>
          <h1>{t(titleKey)}</h1>
          <p>{t('list.subtitle')}</p>
        </div>
      </div>
      <StatusCards
        active={filters.status}
        search={statusSearchOf(filters)}
        onSelect={(status) => filter({ ...filters, status: status === 'total' ? undefined : status })}
      />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          items={[
            {
              key: 'list',
              label: t('list.tab'),
              children: (
                <>
                  <SystemFilters value={filters} onChange={filter} />
                  <SystemTable filters={filters} paging={paging} onPaging={changePage} onOpen={open} />
                </>
              ),
            },
            {
              key: 'map',
              label: t('map.title'),
              children: (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                  <SystemMap onOpen={open} />
                </Suspense>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
