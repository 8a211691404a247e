import { noise } from '../core/weather/random';
import type { LoadKind } from './site';
import type { LocalTime } from '../core/time/local-clock';

/**
 * Consumption profiles. A household: low at night, a morning peak (later at weekends), a midday dip, the
 * evening peak; appliances (kettle, oven, washing machine) as short random spikes. A commercial site:
 * business hours on weekdays, a short Saturday, base load on Sundays. Both use more when it is cold
 * (heat pumps) or hot (air conditioning). Shapes are normalised so that a year averages to the annual kWh.
 */
function bump(hour: number, centre: number, width: number): number {
  const d = hour - centre;
  return Math.exp(-(d * d) / (2 * width * width));
}

function householdShape(hour: number, weekend: boolean): number {
  return (
    0.35 +
    (weekend ? 0.8 * bump(hour, 9, 1.5) : 1.0 * bump(hour, 7, 1)) +
    (weekend ? 0.7 : 0.25) * bump(hour, 12.5, 1.5) +
    1.5 * bump(hour, 19, 1.8) -
    0.15 * bump(hour, 3.5, 1.5)
  );
}

function commercialShape(hour: number, weekday: number): number {
  const open = weekday === 0 ? 0 : weekday === 6 ? 0.5 : 1;
  const business =
    open *
    (1 / (1 + Math.exp(-(hour - (weekday === 6 ? 8.5 : 7.5)) * 2.5))) *
    (1 / (1 + Math.exp((hour - (weekday === 6 ? 13 : 18.5)) * 2.5)));
  return 0.3 + 1.9 * business - 0.15 * open * bump(hour, 12.5, 0.6);
}

/** Mean of a shape over a week, so the profile can be scaled to the annual consumption. */
function weeklyMean(shape: (hour: number, weekday: number) => number): number {
  let sum = 0;
  let n = 0;
  for (let weekday = 0; weekday < 7; weekday++) {
    for (let minute = 0; minute < 1440; minute += 5) {
      sum += shape(minute / 60, weekday);
      n++;
    }
  }
  return sum / n;
}

const SHAPES: Record<LoadKind, (hour: number, weekday: number) => number> = {
  household: (hour, weekday) => householdShape(hour, weekday === 0 || weekday === 6),
  commercial: commercialShape,
};
const SHAPE_MEANS: Record<LoadKind, number> = {
  household: weeklyMean(SHAPES.household),
  commercial: weeklyMean(SHAPES.commercial),
};

/** Heating below 15 °C, cooling above 24 °C, as a multiplier of the mild-weather load. */
function climateFactor(temperatureC: number): number {
  return 1 + 0.03 * Math.max(0, 15 - temperatureC) + 0.05 * Math.max(0, temperatureC - 24);
}

export function loadPowerW(
  kind: LoadKind,
  annualKwh: number,
  local: LocalTime,
  temperatureC: number,
  seed: number,
  stepIndex: number,
): number {
  const meanW = (annualKwh * 1000) / 8760 / 1.2; // heating and cooling add ~20 % over a year
  const shaped = (meanW * SHAPES[kind](local.hour, local.weekday)) / SHAPE_MEANS[kind];
  const jitter = 0.85 + 0.3 * noise(seed, stepIndex, 21);
  // Appliances: more likely while people are awake; a spike of 1-2.5 kW (several for commercial sites).
  const awake = local.hour >= 6.5 && local.hour < 22.5;
  const spikeChance = awake ? 0.06 : 0.01;
  const spike = noise(seed, stepIndex, 22) < spikeChance ? (1000 + 1500 * noise(seed, stepIndex, 23)) * (kind === 'commercial' ? 3 : 1) : 0;
  return shaped * climateFactor(temperatureC) * jitter + spike;
}
