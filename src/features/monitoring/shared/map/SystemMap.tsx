import { useQuery } from '@tanstack/react-query';
import { Card, Segmented, Skeleton, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../../api';
import { useFormat } from '../../../../i18n/format';
import { STATUS_COLORS, statusOf } from '../status';
import { EMS_STATUSES } from '../../../../../contract/monitoring-constants';
import { fitView, project, WORLD } from './projection';
import './map.css';
import { WORLD_PATH } from './worldPath';

/** Where the systems of the caller's scope stand, coloured by status; drawn from a shipped outline (works offline). */
export function SystemMap({ onOpen }: { onOpen: (sn: string) => void }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const [zoom, setZoom] = useState<'fit' | 'world'>('fit');
  const { data, isLoading } = useQuery({ queryKey: monitoringKeys.mapPositions(), queryFn: monitoringApi.mapPositions });
  const markers = useMemo(() => (data ?? []).map((p) => ({ ...p, at: project(p.longitude, p.latitude) })), [data]);
  const view = zoom === 'world' ? WORLD : fitView(markers.map((m) => m.at));
  const r = Math.max(1.2, view.width / 150);

  return (
    <Card
      title={t('map.title')}
      extra={
        <Segmented
          size="small"
          value={zoom}
          onChange={setZoom}
          options={[
            { value: 'fit', label: t('map.fit') },
            { value: 'world', label: t('map.world') },
          ]}
        />
      }
    >
      {isLoading ? (
        <Skeleton.Node active style={{ width: '100%', height: 300 }} />
      ) : (
        <>
          <div className="system-map">
            <svg viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`} role="img" aria-label={t('map.title')}>
              <path d={WORLD_PATH} className="system-map__land" vectorEffect="non-scaling-stroke" />
              {markers.map((m) => (
                <Tooltip
                  key={m.sys_sn}
                  title={
                    <div>
                      <strong>{m.sys_name}</strong>
                      <div>
                        {m.sys_sn} · {m.city}
                      </div>
                      <div>
                        {format.kilowatts(m.popv)} · {format.energy(m.cobat)} · {t(`status.${statusOf(m.ems_status)}`)}
                      </div>
                    </div>
                  }
                >
                  <circle
                    className="system-map__marker"
                    cx={m.at[0]}
                    cy={m.at[1]}
                    r={r}
                    fill={STATUS_COLORS[statusOf(m.ems_status)]}
                    vectorEffect="non-scaling-stroke"
                    tabIndex={0}
                    data-sn={m.sys_sn}
                    onClick={() => onOpen(m.sys_sn)}
                    onKeyDown={(e) => e.key === 'Enter' && onOpen(m.sys_sn)}
                  />
                </Tooltip>
              ))}
            </svg>
          </div>
          <div className="system-map__legend">
            {[...EMS_STATUSES, 'unknown' as const].map((s) => (
              <span key={s}>
                <span className="status-dot" style={{ width: 9, height: 9, background: STATUS_COLORS[s] }} />
                {t(`status.${s}`)}
              </span>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
