import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A legend's height on one line: a chart below it is drawn this much lower, its card keeping its height. */
export const LEGEND_HEIGHT = 32;
/** The dot of a hidden series. */
const OFF_COLOR = '#bfc7c8';

export interface LegendSeries {
  key: string;
  label: string;
  color: string;
}

/**
 * A chart's legend, drawn by the page instead of by G2, which builds its legend out of some hundred canvas shapes:
 * 60-80 ms of the power curve's first draw on a two-core machine, the longest task of the customer dashboard's load.
 * Each entry shows or hides its series, as G2's own legend did; the last series shown stays.
 * The chart keeps each series' colour (its colour scale names every series, shown or not).
 */
export function SeriesLegend({
  series,
  hidden,
  onToggle,
}: {
  series: readonly LegendSeries[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const { t } = useTranslation('monitoring');
  const shown = series.filter((entry) => !hidden.has(entry.key)).length;
  return (
    <div className="monitor-legend" role="group" aria-label={t('chartLegend')} style={{ minHeight: LEGEND_HEIGHT }}>
      {series.map(({ key, label, color }) => {
        const off = hidden.has(key);
        return (
          <Button
            key={key}
            type="text"
            size="small"
            aria-pressed={!off}
            disabled={!off && shown === 1}
            className={off ? 'monitor-legend__entry monitor-legend__entry--off' : 'monitor-legend__entry'}
            onClick={() => onToggle(key)}
          >
            <span className="monitor-series">
              <span className="monitor-series__dot" style={{ background: off ? OFF_COLOR : color }} />
              {label}
            </span>
          </Button>
        );
      })}
    </div>
  );
}

/** The chart's colour scale for the legend's series: every series named, shown or hidden, so none changes colour. */
export function legendColors(series: readonly LegendSeries[]): { domain: string[]; range: string[] } {
  return { domain: series.map((entry) => entry.label), range: series.map((entry) => entry.color) };
}

/** The series a reader has hidden from a chart, and the call that hides or shows one again. */
export function useHiddenSeries(): [ReadonlySet<string>, (key: string) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return [hidden, toggle];
}
