/**
 * AC output of the PV array: rated kWp at 1000 W/m², system losses (wiring, soiling, mismatch), the cell
 * temperature coefficient of crystalline silicon, inverter efficiency, and clipping at the inverter rating.
 */
const SYSTEM_DERATE = 0.88;
const INVERTER_EFFICIENCY = 0.97;
const TEMPERATURE_COEFFICIENT = -0.004; // per °C above 25 °C
const NOCT_RISE_PER_W = 25 / 800; // cell heats ~25 °C above ambient at 800 W/m²

export function pvPowerW(ratedKwp: number, inverterKw: number, irradiance: number, ambientC: number): number {
  if (irradiance <= 0) return 0;
  const cellC = ambientC + irradiance * NOCT_RISE_PER_W;
  const dc = ratedKwp * 1000 * (irradiance / 1000) * SYSTEM_DERATE * (1 + TEMPERATURE_COEFFICIENT * (cellC - 25));
  return Math.max(0, Math.min(dc * INVERTER_EFFICIENCY, inverterKw * 1000));
}
