import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { fixed2 } from '../format';
import { StatusTag } from '../status';
import { ALL_SN, type SystemSummary } from '../../shared/monitoring';

/** The left panel (spec §3 system summary): ratings in kW / kWh to 2 decimals, models, status. */
export function SystemFigures({ system }: { system: SystemSummary }) {
  const { t } = useTranslation('monitoring');
  const all = system.sys_sn === ALL_SN;
  const items = [
    { key: 'popv', label: t('figures.popv'), children: `${fixed2(system.popv)} kW` },
    { key: 'poinv', label: t('figures.poinv'), children: `${fixed2(system.poinv)} kW` },
    { key: 'cobat', label: t('figures.cobat'), children: `${fixed2(system.cobat)} kWh` },
    { key: 'surpluscobat', label: t('figures.surpluscobat'), children: `${fixed2(system.surpluscobat)} kWh` },
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
