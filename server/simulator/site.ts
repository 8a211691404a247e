/** What the simulator needs to know about one system; the same facts the systems table holds. */
export interface Site {
  sn: string;
  latitude: number;
  longitude: number;
  /** IANA zone: people switch the kettle on by the clock, not by the sun. */
  timeZone: string;
  /** PV rated power, kWp (popv). */
  pvKwp: number;
  /** Inverter rated power, kW (poinv): PV clipping and battery power limit. */
  inverterKw: number;
  /** Usable battery capacity, kWh (surpluscobat). */
  batteryKwh: number;
  load: LoadKind;
  /** Yearly consumption, kWh. */
  annualLoadKwh: number;
}

export type LoadKind = 'household' | 'commercial';

/** One sample as a device reports it: powers in W, SoC in %. */
export interface Sample {
  ts: number;
  pvW: number;
  loadW: number;
  /** + charging, − discharging (AC side). */
  batteryW: number;
  /** + import, − export. */
  gridW: number;
  soc: number;
}
