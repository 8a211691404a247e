/**
 * Self-consumption control of the battery: charge from PV surplus, discharge to cover the load, never
 * outside the SoC window and never faster than the power limit. Losses are split evenly between charging
 * and discharging (round-trip efficiency), so the SoC moves by less than the AC energy on the way in and
 * delivers less on the way out.
 */
export const SOC_MIN = 10;
export const SOC_MAX = 95;
export const ROUND_TRIP_EFFICIENCY = 0.92;
const ONE_WAY = Math.sqrt(ROUND_TRIP_EFFICIENCY);

export interface BatteryState {
  /** Usable capacity in kWh. */
  capacityKwh: number;
  /** Charge and discharge limit in W. */
  maxPowerW: number;
  /** State of charge in %. */
  soc: number;
}

/**
 * The AC-side battery power for one step (+ charge / − discharge) given the PV surplus (PV − load, W),
 * and the state after the step. `disabled` (a battery fault, a tripped inverter) holds the battery idle.
 */
export function stepBattery(
  state: BatteryState,
  surplusW: number,
  stepHours: number,
  disabled = false,
): { powerW: number; next: BatteryState } {
  if (disabled || state.capacityKwh <= 0) return { powerW: 0, next: state };
  const capacityWh = state.capacityKwh * 1000;
  let powerW: number;
  if (surplusW > 0) {
    const roomWh = ((SOC_MAX - state.soc) / 100) * capacityWh;
    powerW = Math.max(0, Math.min(surplusW, state.maxPowerW, roomWh / ONE_WAY / stepHours));
  } else {
    const availableWh = ((state.soc - SOC_MIN) / 100) * capacityWh;
    powerW = -Math.max(0, Math.min(-surplusW, state.maxPowerW, (availableWh * ONE_WAY) / stepHours));
  }
  // Whole watts, as devices report; the SoC follows the rounded figure so the books stay balanced.
  powerW = Math.round(powerW);
  const storedWh = powerW > 0 ? powerW * stepHours * ONE_WAY : (powerW * stepHours) / ONE_WAY;
  const soc = Math.min(SOC_MAX, Math.max(SOC_MIN, state.soc + (storedWh / capacityWh) * 100));
  return { powerW, next: { ...state, soc } };
}

/** Energy that went into storage for a given AC charge and discharge (kWh), after losses. */
export function storedEnergyKwh(chargeKwh: number, dischargeKwh: number): number {
  return chargeKwh * ONE_WAY - dischargeKwh / ONE_WAY;
}
