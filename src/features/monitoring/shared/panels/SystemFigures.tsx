import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import { StatusTag } from '../status';
import type { SystemSummary } from '../../../../../contract/monitoring';
import { ALL_SN } from '../../../../../contract/monitoring-constants';

/** The left panel (spec §3 system summary): ratings in kW / kWh to 2 decimals, models, status. */
export function SystemFigures({ system }: { system: SystemSummary }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const all = system.sys_sn === ALL_SN;
  const items = [
    { key: 'popv', label: t('figures.popv'), children: format.kilowatts(system.popv) },
    { key: 'poinv', label: t('figures.poinv'), children: format.kilowatts(system.poinv) },
    { key: 'cobat', label: t('figures.cobat'), children: format.energy(system.cobat) },
    { key: 'surpluscobat', label: t('figures.surpluscobat'), children: format.energy(system.surpluscobat) },
    ...(all
      ? []
      : [
          { key: 'minv', label: t('figures.minv'), children: system.minv || '–' },
          { key: 'mbat', label: t('figures.mbat'), children: system.mbat || '–' },
          { key: 'status', label: t('figures.status'), children: <StatusTag status={system.ems_status} /> },
        ]),
  ];
  return <Descriptions column={1} size="small" colon={false} items={items} className="monitor-figures" data-testid="system-figures" />;
}
