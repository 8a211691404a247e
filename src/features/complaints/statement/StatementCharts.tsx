import { Card, Col, Row } from 'antd';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statement, StatementRow } from '../../../../contract/complaints-statement';
import { useFormat } from '../../../i18n/format';
import { ChartPlaceholder, Column, Line } from '../../monitoring/shared/charts/LazyChart';

const CHART_HEIGHT = 240;
const HOUR_MS = 3_600_000;

type Point = { month: string; series: string; value: number | null };

/** One point per month and series, from the month totals (the table below shows the groups). */
function points(
  totals: readonly StatementRow[],
  series: readonly [string, (row: StatementRow) => number | null][],
  label: (month: string) => string,
) {
  return totals.flatMap((row) => series.map(([name, value]): Point => ({ month: label(row.month), series: name, value: value(row) })));
}

/** The statement's month totals as four charts: volume, median times, shares within target and reopened, ratings. */
export function StatementCharts({ statement, loading }: { statement: Statement | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const s = (key: string) => t(`complaints:statement.series.${key}`);
  const charts = useMemo(() => {
    const totals = (statement?.rows ?? []).filter((row) => row.group === null);
    const label = (month: string) => format.month(month, { short: true, withYear: true });
    const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR_MS) * 10) / 10);
    const pct = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
    return {
      volume: points(
        totals,
        [
          [s('in'), (r) => r.complaints_in],
          [s('solved'), (r) => r.solved],
          [s('backlog'), (r) => r.open_backlog],
        ],
        label,
      ),
      times: points(
        totals,
        [
          [s('firstResponse'), (r) => hours(r.median_first_response_ms)],
          [s('resolution'), (r) => hours(r.median_resolution_ms)],
        ],
        label,
      ),
      shares: points(
        totals,
        [
          [s('firstResponseWithin'), (r) => pct(r.first_response_within_target)],
          [s('resolutionWithin'), (r) => pct(r.resolution_within_target)],
          [s('reopenRate'), (r) => pct(r.reopen_rate)],
        ],
        label,
      ),
      ratings: points(
        totals,
        [
          [s('ratingSolved'), (r) => r.avg_rating_solved],
          [s('ratingTime'), (r) => r.avg_rating_time],
          [s('ratingAttitude'), (r) => r.avg_rating_attitude],
        ],
        label,
      ),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `s` reads `t`
  }, [statement, format, t]);
  const empty = t('complaints:statement.empty');
  // What every chart shares: a month on x, the value on y, one colour per series with its legend on top.
  const shared = {
    xField: 'month',
    yField: 'value',
    colorField: 'series',
    height: CHART_HEIGHT,
    autoFit: true,
    legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
  } as const;
  const linePoint = { shapeField: 'circle', sizeField: 3 } as const;
  const number = (v: number) => format.number(v, { digits: 1, trim: true });

  const card = (key: keyof typeof charts, chart: ReactElement) => (
    <Col xs={24} lg={12} key={key}>
      <Card size="small" title={t(`complaints:statement.charts.${key}`)}>
        {charts[key].some((p) => p.value !== null) ? chart : <ChartPlaceholder height={CHART_HEIGHT} loading={loading} empty={empty} />}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {card('volume', <Column {...shared} data={charts.volume} group axis={{ x: { title: false }, y: { title: false } }} />)}
      {card(
        'times',
        <Column
          {...shared}
          data={charts.times.filter((p) => p.value !== null)}
          group
          axis={{ x: { title: false }, y: { title: 'h', labelFormatter: number } }}
          tooltip={{ channel: 'y', valueFormatter: (v: number) => `${number(v)} h` }}
        />,
      )}
      {card(
        'shares',
        <Line
          {...shared}
          data={charts.shares.filter((p) => p.value !== null)}
          point={linePoint}
          scale={{ y: { domain: [0, 100] } }}
          axis={{ x: { title: false }, y: { title: '%', labelFormatter: number } }}
          tooltip={{ channel: 'y', valueFormatter: (v: number) => format.percent(v) }}
        />,
      )}
      {card(
        'ratings',
        <Line
          {...shared}
          data={charts.ratings.filter((p) => p.value !== null)}
          point={linePoint}
          scale={{ y: { domain: [1, 5] } }}
          axis={{ x: { title: false }, y: { title: false, labelFormatter: number } }}
          tooltip={{ channel: 'y', valueFormatter: (v: number) => format.number(v, { digits: 2, trim: true }) }}
        />,
      )}
    </Row>
  );
}
