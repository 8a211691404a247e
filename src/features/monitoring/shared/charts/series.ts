/** Colours of the energy series, the same on every chart and on the power-flow diagram. */
export const SERIES_COLORS = {
  pv: '#f5a623',
  load: '#0f9f6e',
  battery: '#18b4a6',
  grid: '#5b8def',
  import: '#5b8def',
  export: '#a78bfa',
  charge: '#18b4a6',
  discharge: '#7dd3c0',
  savings: '#0f9f6e',
  feedIn: '#f5a623',
} as const;
