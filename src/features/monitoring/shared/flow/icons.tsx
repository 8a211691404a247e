/** Line glyphs for the power-flow nodes, drawn around (0, 0) in a 28 × 28 box; no external asset. */
export function SunGlyph() {
  const rays = Array.from({ length: 8 }, (_, i) => (i * Math.PI) / 4);
  return (
    <g>
      <circle r="6" />
      {rays.map((a) => (
        <line key={a} x1={Math.cos(a) * 9.5} y1={Math.sin(a) * 9.5} x2={Math.cos(a) * 13} y2={Math.sin(a) * 13} />
      ))}
    </g>
  );
}

export function PylonGlyph() {
  return <path d="M-7 13 L-2 -13 L2 -13 L7 13 M-4 0 L4 0 M-5.5 7 L5.5 7 M-11 -7 L11 -7 M-9 -11 L9 -11 M-4.5 0 L5.5 7 M4.5 0 L-5.5 7" />;
}

export function HouseGlyph() {
  return <path d="M-12 -1 L0 -12 L12 -1 M-9 -3.5 L-9 12 L9 12 L9 -3.5 M-3 12 L-3 4 L3 4 L3 12" />;
}

export function InverterGlyph() {
  return (
    <g>
      <rect x="-11" y="-11" width="22" height="22" rx="4" />
      <path d="M-7 2 C-5 -5 -2 -5 0 2 S5 9 7 2" />
    </g>
  );
}

/** A battery whose fill follows the state of charge (0-100). */
export function BatteryGlyph({ soc }: { soc: number | null }) {
  const level = Math.max(0, Math.min(100, soc ?? 0));
  const height = (22 * level) / 100;
  return (
    <g>
      <rect x="-4" y="-14.5" width="8" height="3" rx="1" />
      <rect x="-9" y="-12" width="18" height="26" rx="3" />
      <rect className="flow-battery-fill" x="-7" y={12 - height} width="14" height={height} rx="1.5" stroke="none" />
    </g>
  );
}
