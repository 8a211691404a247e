import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCustomerOrSharer } from '../../../permissions/roles';
import { useUser } from '../../auth/useUser';
import { monitoringApi, monitoringKeys } from '../monitoring/api';
import { useCustomerSystems } from '../monitoring/shared/useCustomerSystems';

/** A customer's 'All' entry of the selector is no system to complain about. */
const ALL = 'All';
const SEARCH_PAGE = 20;

interface Props {
  value?: string;
  onChange?: (sn: string) => void;
  id?: string;
}

/**
 * The system a complaint is about, picked from the user's own: a customer's systems (the dashboard's selector
 * list), else the storage list of the user's scope searched by S/N (an installer's systems, every system for staff).
 */
export function SnPicker(props: Props) {
  const roles = useUser()?.roles ?? [];
  return isCustomerOrSharer(roles) ? <CustomerSystems {...props} /> : <ScopeSystems {...props} />;
}

function CustomerSystems({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  const systems = useCustomerSystems();
  const options = (systems.data ?? [])
    .filter((s) => s.sys_sn !== ALL)
    .map((s) => ({ value: s.sys_sn, label: s.sys_name && s.sys_name !== s.sys_sn ? `${s.sys_sn} · ${s.sys_name}` : s.sys_sn }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={systems.isLoading}
      placeholder={t('complaints:create.pickSystem')}
      showSearch
      optionFilterProp="label"
      data-testid="complaint-sn-picker"
    />
  );
}

function ScopeSystems({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const sn = useDeferredValue(typed.trim());
  const query = { pageIndex: 1, pageSize: SEARCH_PAGE, sn: sn || undefined };
  const systems = useQuery({
    queryKey: monitoringKeys.systems(query),
    queryFn: () => monitoringApi.systems(query),
    placeholderData: (previous) => previous,
  });
  const options = (systems.data?.data ?? []).map((s) => ({
    value: s.sys_sn,
    label: s.sys_name ? `${s.sys_sn} · ${s.sys_name}` : s.sys_sn,
  }));
  // The chosen S/N stays an option while a new search shows other systems.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={systems.isFetching}
      placeholder={t('complaints:create.searchSystem')}
      showSearch
      filterOption={false}
      onSearch={setTyped}
      data-testid="complaint-sn-picker"
    />
  );
}
