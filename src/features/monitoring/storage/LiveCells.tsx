import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { useFaultText } from '../shared/faultText';
import { StatusDot } from '../shared/status';
import type { ActiveAlarm } from '../../../../contract/monitoring';

/** Below this a power is 'idle' rather than a direction (a few watts of standby). */
const IDLE_W = 20;

/**
 * A live power in kW with, for battery and grid, its direction in words under it (charging / discharging,
 * buying / selling), so nobody has to know which sign means what. '–' when the system has no current sample.
 */
export function PowerCell({ watts, kind }: { watts: number | null; kind: 'pv' | 'battery' | 'grid' }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  if (watts === null || watts === undefined) return <span className="live-cell live-cell--none">{format.power(null)}</span>;
  const direction =
    kind === 'pv' || Math.abs(watts) < IDLE_W
      ? null
      : kind === 'battery'
        ? t(watts > 0 ? 'flow.charging' : 'flow.discharging')
        : t(watts > 0 ? 'flow.importing' : 'flow.exporting');
  return (
    <span className="live-cell">
      <span className="live-cell__value">{format.power(watts, { abs: true, digits: 2 })}</span>
      {direction && <span className="live-cell__direction">{direction}</span>}
    </span>
  );
}

/**
 * The system's worst open alarm: its level as a dot (the status column beside it names the level) and its
 * text in the reader's language; level and start on hover.
 */
export function AlarmCell({ alarm }: { alarm: ActiveAlarm | null }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const faultText = useFaultText();
  if (!alarm) return <span className="live-cell--none">–</span>;
  const text = faultText(alarm);
  // The cell shows two lines at most: the tooltip has the whole name, with the level and the start.
  return (
    <Tooltip title={`${text} · ${t(`status.${alarm.level}`)} · ${t('faults.started')}: ${format.dateTime(alarm.started_at)}`}>
      <span className="alarm-cell">
        <StatusDot status={alarm.level} size={8} />
        <span className="alarm-cell__text">{text}</span>
      </span>
    </Tooltip>
  );
}
