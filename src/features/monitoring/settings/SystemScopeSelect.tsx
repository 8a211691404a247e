import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_SN } from '../../../../contract/monitoring-constants';
import { useCustomerSystems } from '../shared/useCustomerSystems';

/** Which of the customer's systems a setting is for; `defaultLabel` adds an entry for all of them (value ''). */
export function SystemScopeSelect({
  value,
  onChange,
  defaultLabel,
}: {
  value: string;
  onChange: (sn: string) => void;
  defaultLabel?: string;
}) {
  const { t } = useTranslation('monitoring');
  const { data } = useCustomerSystems();
  const systems = (data ?? []).filter((s) => s.sys_sn !== ALL_SN);
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
