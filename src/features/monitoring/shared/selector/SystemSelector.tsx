import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUser } from '../../../../auth/useUser';
import { useFormat } from '../../../../i18n/format';
import { isCustomerOrSharer } from '../../../../../permissions/roles';
import { StatusDot } from '../status';
import type { SystemSummary } from '../../../../../contract/monitoring';
import { ALL_SN } from '../../../../../contract/monitoring-constants';
import { useCustomerSystems, useSelectedSystem } from '../useCustomerSystems';
import './selector.css';

/** Spec §2 / §6: the selector shows only for customers and sharers, and only on /dashboard. */
export function showsSystemSelector(roles: readonly string[], pathname: string): boolean {
  return isCustomerOrSharer(roles) && pathname.toLowerCase() === '/dashboard';
}

function Entry({ system, active, onSelect }: { system: SystemSummary; active: boolean; onSelect: () => void }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const all = system.sys_sn === ALL_SN;
  return (
    <li>
      <button type="button" className="system-selector__entry" aria-pressed={active} data-sn={system.sys_sn} onClick={onSelect}>
        <span className="system-selector__title">
          {all ? <span className="system-selector__all-icon" aria-hidden /> : <StatusDot status={system.ems_status} />}
          <span className="system-selector__name">{all ? t('selector.all') : system.sys_name}</span>
        </span>
        {all ? null : <span className="system-selector__sn">{system.sys_sn}</span>}
        <span className="system-selector__figures" data-testid={`figures-${system.sys_sn}`}>
          <span title={t('figures.popv')}>{format.kilowatts(system.popv)}</span>
          <span title={t('figures.cobat')}>{format.energy(system.cobat)}</span>
        </span>
      </button>
    </li>
  );
}

/** The sidebar's system selector: status dot per system, 'All' first when there are several (spec §3). */
export function SystemSelector({ onSelected }: { onSelected?: () => void }) {
  const { t } = useTranslation('monitoring');
  const user = useUser();
  const { pathname } = useLocation();
  const visible = showsSystemSelector(user?.roles ?? [], pathname);
  const { data, isLoading } = useCustomerSystems();
  const { selected, select } = useSelectedSystem(data);
  if (!visible) return null;

  return (
    <section className="system-selector" aria-label={t('selector.label')}>
      <div className="system-selector__heading">{t('selector.label')}</div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : data?.length ? (
        <ul className="system-selector__list">
          {data.map((system) => (
            <Entry
              key={system.sys_sn}
              system={system}
              active={system.sys_sn === selected?.sys_sn}
              onSelect={() => {
                select(system.sys_sn);
                onSelected?.();
              }}
            />
          ))}
        </ul>
      ) : (
        <div className="system-selector__empty">{t('selector.none')}</div>
      )}
    </section>
  );
}
