import { Area } from '../charts/LazyChart';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../../api';
import { SERIES_COLORS } from '../charts/series';
import { useFormat } from '../../../../i18n/format';
import { WeatherIcon } from './WeatherIcon';

/** Weather at the system now and over the next hours, and today's expected PV from the forecast. */
export function WeatherCard({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  /** Hour of an instant in the system's zone. */
  const hourIn = (iso: string, timeZone: string) => format.time(iso, { timeZone });
  const weather = useQuery({ queryKey: monitoringKeys.weather(sn), queryFn: () => monitoringApi.weather(sn) });
  const forecast = useQuery({ queryKey: monitoringKeys.forecast(sn), queryFn: () => monitoringApi.forecast(sn) });
  const w = weather.data;
  const f = forecast.data;
  const current = w?.current;
  const upcoming = (w?.hours ?? []).filter((_, i) => i > 0 && i % 3 === 0).slice(0, 6);

  return (
    <Card title={t('weather.title')} className="monitor-weather">
      {weather.isLoading ? (
        <Skeleton active />
      ) : current && w ? (
        <>
          <div className="monitor-weather__now">
            <WeatherIcon condition={current.condition} size={56} night={!current.sun_up} />
            <div>
              <div className="monitor-weather__temp">{Math.round(current.temperature_c)}°C</div>
              <Typography.Text type="secondary">
                {t(current.condition === 'sunny' && !current.sun_up ? 'weather.clear' : `weather.${current.condition}`)} ·{' '}
                {t('weather.clouds', { value: Math.round(current.cloud_cover * 100) })}
              </Typography.Text>
            </div>
          </div>
          <div className="monitor-weather__hours">
            {upcoming.map((h) => (
              <div key={h.hour} className="monitor-weather__hour">
                <span>{hourIn(h.hour, w.time_zone)}</span>
                <WeatherIcon condition={h.condition} size={24} night={!h.sun_up} />
                <strong>{Math.round(h.temperature_c)}°</strong>
              </div>
            ))}
          </div>
        </>
      ) : (
        <Empty description={t('weather.none')} />
      )}
      <div className="monitor-forecast">
        <Statistic
          title={t('forecast.title', { date: f ? format.date(f.date) : '' })}
          value={format.number(f?.total_kwh, 1)}
          suffix="kWh"
        />
        {f?.hours.length ? (
          <Area
            data={f.hours.map((h) => ({ hour: hourIn(h.hour, f.time_zone), value: h.pv_kw }))}
            xField="hour"
            yField="value"
            height={120}
            autoFit
            shapeField="smooth"
            style={{ fill: `linear-gradient(-90deg, #ffffff 0%, ${SERIES_COLORS.pv} 100%)`, fillOpacity: 0.6 }}
            line={{ style: { stroke: SERIES_COLORS.pv, lineWidth: 2 } }}
            axis={{ x: { title: false, tickFilter: (_: unknown, i: number) => i % 6 === 0 }, y: { title: false, tickCount: 3 } }}
            tooltip={{ channel: 'y', name: t('forecast.pv'), valueFormatter: (v: number) => format.kilowatts(v) }}
          />
        ) : null}
      </div>
    </Card>
  );
}
