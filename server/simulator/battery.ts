/**
 * The battery: it moves the power its controller asks for, never outside its SoC window and never faster than its
 * power limits. Self-consumption control (the default) asks for the PV surplus: charge from it, discharge to cover
 * the load. Losses are split evenly between charging and discharging (round-trip efficiency), so the SoC moves by
 * less than the AC energy on the way in and delivers less on the way out.
 */
export const SOC_MIN = 10;
export const SOC_MAX = 95;
export const ROUND_TRIP_EFFICIENCY = 0.92;
const ONE_WAY = Math.sqrt(ROUND_TRIP_EFFICIENCY);

export interface BatteryState {
  /** Usable capacity in kWh. */
  capacityKwh: number;
  /** Charge and discharge limit in W (the hardware's: the battery port's rating). */
  maxPowerW: number;
  /** State of charge in %. */
  soc: number;
}

/** What the device's settings allow the battery (all within the hardware's own limits). */
export interface BatteryLimits {
  minSoc: number;
  maxSoc: number;
  chargeW: number;
  dischargeW: number;
}

export function defaultLimits(state: BatteryState): BatteryLimits {
  return { minSoc: SOC_MIN, maxSoc: SOC_MAX, chargeW: state.maxPowerW, dischargeW: state.maxPowerW };
}

/**
 * The AC-side battery power for one step (+ charge / − discharge) when the controller asks for `requestW`, and the
 * state after the step. A battery outside its window (the window just moved) only moves back towards it.
 */
export function moveBattery(
  state: BatteryState,
  requestW: number,
  stepHours: number,
  limits: BatteryLimits,
): { powerW: number; next: BatteryState } {
  if (state.capacityKwh <= 0) return { powerW: 0, next: state };
  const capacityWh = state.capacityKwh * 1000;
  let powerW: number;
  if (requestW > 0) {
    const roomWh = ((limits.maxSoc - state.soc) / 100) * capacityWh;
    powerW = Math.max(0, Math.min(requestW, limits.chargeW, state.maxPowerW, roomWh / ONE_WAY / stepHours));
  } else {
    const availableWh = ((state.soc - limits.minSoc) / 100) * capacityWh;
    powerW = -Math.max(0, Math.min(-requestW, limits.dischargeW, state.maxPowerW, (availableWh * ONE_WAY) / stepHours));
  }
  // Whole watts, as devices report; the SoC follows the rounded figure so the books stay balanced.
  powerW = Math.round(powerW);
  const storedWh = powerW > 0 ? powerW * stepHours * ONE_WAY : (powerW * stepHours) / ONE_WAY;
  const floor = Math.min(limits.minSoc, state.soc);
  const ceiling = Math.max(limits.maxSoc, state.soc);
  const soc = Math.min(ceiling, Math.max(floor, state.soc + (storedWh / capacityWh) * 100));
  return { powerW, next: { ...state, soc } };
}

/**
 * Self-consumption for one step given the PV surplus (PV − load, W). `disabled` (a battery fault, a tripped
 * inverter) holds the battery idle.
 */
export function stepBattery(
  state: BatteryState,
  surplusW: number,
  stepHours: number,
  disabled = false,
  limits: BatteryLimits = defaultLimits(state),
): { powerW: number; next: BatteryState } {
  if (disabled) return { powerW: 0, next: state };
  return moveBattery(state, surplusW, stepHours, limits);
}

/** Energy that went into storage for a given AC charge and discharge (kWh), after losses. */
export function storedEnergyKwh(chargeKwh: number, dischargeKwh: number): number {
  return chargeKwh * ONE_WAY - dischargeKwh / ONE_WAY;
}
