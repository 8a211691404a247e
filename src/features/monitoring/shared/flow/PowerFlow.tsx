import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { PowerFlow as Flow } from '../../../../../contract/monitoring';
import { BatteryGlyph, HouseGlyph, InverterGlyph, PylonGlyph, SunGlyph } from './icons';
import { useTextScale } from './useTextScale';
import './flow.css';

type Point = [number, number];
const VIEW_WIDTH = 420;
const HUB: Point = [210, 150];
const NODES = { pv: [210, 42], grid: [58, 150], load: [362, 150], battery: [210, 258] } satisfies Record<string, Point>;
const NODE_R = 34;
const HUB_R = 24;
/** Below this a line is idle (no flow shown). */
const IDLE_W = 20;

/** A segment from one circle's rim to the other's, so the animated dashes never cross a node. */
function segment(from: Point, to: Point, fromR: number, toR: number): string {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dx, dy);
  const [ux, uy] = [dx / length, dy / length];
  return `M${from[0] + ux * fromR} ${from[1] + uy * fromR} L${to[0] - ux * toR} ${to[1] - uy * toR}`;
}

/** Faster dashes for more power: 2.4 s per cycle when idle-ish down to 0.5 s at 10 kW and above. */
export function flowDuration(watts: number): number {
  const kWatts = Math.min(10, Math.abs(watts) / 1000);
  return Math.round((2.4 - (1.9 * kWatts) / 10) * 100) / 100;
}

interface Line {
  key: string;
  node: Point;
  /** Positive: power flows from the node to the hub. */
  towardHub: number;
  color: string;
}

function FlowLine({ line }: { line: Line }) {
  const active = Math.abs(line.towardHub) >= IDLE_W;
  const [from, to, fromR, toR] = line.towardHub >= 0 ? [line.node, HUB, NODE_R, HUB_R] : [HUB, line.node, HUB_R, NODE_R];
  const d = segment(from, to, fromR, toR);
  return (
    <g data-line={line.key} data-direction={active ? (line.towardHub > 0 ? 'in' : 'out') : 'idle'}>
      <path d={d} className="flow-track" />
      {active ? (
        <path
          d={d}
          className="flow-dash"
          stroke={line.color}
          style={{ animationDuration: `${flowDuration(line.towardHub)}s`, strokeWidth: 2.5 + Math.min(3, Math.abs(line.towardHub) / 2500) }}
        />
      ) : null}
    </g>
  );
}

function Node({
  at,
  color,
  label,
  value,
  detail,
  side = 'below',
  children,
}: {
  at: Point;
  color: string;
  label: string;
  value: string;
  detail?: string;
  side?: 'below' | 'right';
  children: React.ReactNode;
}) {
  const [x, y, anchor] = side === 'right' ? [NODE_R + 12, -10, 'start' as const] : [0, NODE_R + 18, 'middle' as const];
  return (
    <g transform={`translate(${at[0]} ${at[1]})`}>
      <circle r={NODE_R} className="flow-node" stroke={color} />
      <g className="flow-glyph" stroke={color} style={{ color }}>
        {children}
      </g>
      {/* One text with lines spaced in em: the lines move apart as the text is enlarged (useTextScale). */}
      <text x={x} y={y} textAnchor={anchor}>
        <tspan className="flow-label">{label}</tspan>
        <tspan x={x} dy="1.15em" className="flow-value">
          {value}
        </tspan>
        {detail ? (
          <tspan x={x} dy="1.3em" className="flow-detail">
            {detail}
          </tspan>
        ) : null}
      </text>
    </g>
  );
}

/**
 * The animated power flow: PV, grid, home load and battery (with its SoC) around the inverter; the dashes
 * move in the direction of the flow, faster for more power.
 */
export function PowerFlow({ flow }: { flow: Flow }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const kw = (watts: number) => format.power(watts, { abs: true });
  const idle = (w: number) => Math.abs(w) < IDLE_W;
  const [flowRef, textScale] = useTextScale<HTMLDivElement>(VIEW_WIDTH);
  const gridState = idle(flow.grid_w) ? t('flow.idle') : flow.grid_w > 0 ? t('flow.importing') : t('flow.exporting');
  const batteryState = idle(flow.battery_w) ? t('flow.idle') : flow.battery_w > 0 ? t('flow.charging') : t('flow.discharging');
  const lines: Line[] = [
    { key: 'pv', node: NODES.pv, towardHub: flow.pv_w, color: '#f5a623' },
    { key: 'grid', node: NODES.grid, towardHub: flow.grid_w, color: '#5b8def' },
    { key: 'load', node: NODES.load, towardHub: -flow.load_w, color: '#0f9f6e' },
    { key: 'battery', node: NODES.battery, towardHub: -flow.battery_w, color: '#18b46b' },
  ];
  return (
    <div
      ref={flowRef}
      className={`power-flow${flow.online ? '' : ' power-flow--offline'}`}
      style={{ '--flow-text': textScale } as React.CSSProperties}
    >
      <svg viewBox={`0 0 ${VIEW_WIDTH} 300`} role="img" aria-label={t('flow.title')}>
        {lines.map((line) => (
          <FlowLine key={line.key} line={line} />
        ))}
        <g transform={`translate(${HUB[0]} ${HUB[1]})`}>
          <circle r={HUB_R} className="flow-hub" />
          <g className="flow-glyph flow-glyph--hub">
            <InverterGlyph />
          </g>
        </g>
        <Node at={NODES.pv} side="right" color="#f5a623" label={t('flow.pv')} value={kw(flow.pv_w)}>
          <SunGlyph />
        </Node>
        <Node at={NODES.grid} color="#5b8def" label={t('flow.grid')} value={kw(flow.grid_w)} detail={gridState}>
          <PylonGlyph />
        </Node>
        <Node at={NODES.load} color="#0f9f6e" label={t('flow.load')} value={kw(flow.load_w)}>
          <HouseGlyph />
        </Node>
        <Node
          at={NODES.battery}
          side="right"
          color="#18b46b"
          label={`${t('flow.battery')} · ${flow.soc === null ? '–' : `${Math.round(flow.soc)} %`}`}
          value={kw(flow.battery_w)}
          detail={batteryState}
        >
          <BatteryGlyph soc={flow.soc} />
        </Node>
      </svg>
      {flow.online ? null : <div className="power-flow__offline">{t('flow.offline')}</div>}
    </div>
  );
}
