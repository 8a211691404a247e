import type { TFunction } from 'i18next';
import type { CurvePoint } from '../../../contract/monitoring';
import type { Column } from './xlsx';

/** The day curve export's columns in the reader's language, its times in the system's zone. */
export function dayCurveColumns(t: TFunction, timeZone: string): Column<CurvePoint>[] {
  return [
    { header: t('monitoring:xlsx.time', { zone: timeZone }), value: (p) => p.time },
    { header: `${t('monitoring:series.pv')} (W)`, value: (p) => p.pv_w },
    { header: `${t('monitoring:series.load')} (W)`, value: (p) => p.load_w },
    { header: t('monitoring:xlsx.batteryW'), value: (p) => p.battery_w, width: 22 },
    { header: t('monitoring:xlsx.gridW'), value: (p) => p.grid_w, width: 20 },
    { header: 'SoC (%)', value: (p) => p.soc },
  ];
}
