import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../auth/useUser';
import { monitoringApi, monitoringKeys } from '../api';

/** A system a setting may be for: one of the customer's own. */
export interface ScopeSystem {
  sys_sn: string;
  sys_name: string;
}

/**
 * The customer's own systems by name (GetCustomMenuESSlist, the settings' list: no figures), without those only
 * shared with them: their prices and settings are their owner's.
 */
export function useOwnSystems() {
  const user = useUser();
  return useQuery({
    queryKey: monitoringKeys.menuSystems(user?.username),
    queryFn: monitoringApi.menuSystems,
    select: (systems) => systems.filter((s) => !s.shared),
    staleTime: 60_000,
  });
}

/** Which of the customer's systems a setting is for; `defaultLabel` adds an entry for all of them (value ''). */
export function SystemScopeSelect({
  systems,
  value,
  onChange,
  defaultLabel,
}: {
  systems: readonly ScopeSystem[];
  value: string;
  onChange: (sn: string) => void;
  defaultLabel?: string;
}) {
  const { t } = useTranslation('monitoring');
  return (
    <Select
      value={value}
      onChange={onChange}
      style={{ minWidth: 260 }}
      aria-label={t('settings.system')}
      options={[
        ...(defaultLabel ? [{ value: '', label: defaultLabel }] : []),
        ...systems.map((s) => ({ value: s.sys_sn, label: `${s.sys_name} (${s.sys_sn})` })),
      ]}
    />
  );
}
