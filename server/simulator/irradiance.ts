import type { SunPosition } from './sun';

/**
 * Irradiance on the modules. Clear sky: the Meinel model (direct beam attenuated by air mass, Kasten-Young
 * formula) plus a diffuse share, scaled by the Earth-Sun distance over the year. Clouds: a Kasten-Czeplak-style
 * reduction by cloud cover, steepened so that overcast winter days give the 10-20 % of clear sky they do
 * in Central Europe (the model then yields ~1,150 kWh/kWp a year in Munich, as real systems do). Modules face the equator, tilted like a typical roof.
 */
const SOLAR_CONSTANT = 1361;
const DEG = Math.PI / 180;

export function airMass(elevationDeg: number): number {
  const zenith = 90 - elevationDeg;
  return 1 / (Math.cos(zenith * DEG) + 0.50572 * Math.pow(96.07995 - zenith, -1.6364));
}

/** Typical roof tilt: steep enough to shed rain, flatter near the equator. */
export function moduleTilt(latitude: number): number {
  return Math.min(35, Math.max(10, Math.abs(latitude) * 0.8));
}

/** Plane-of-array irradiance in W/m² under a sky with the given cloud cover (0 clear … 1 overcast). */
export function planeOfArrayIrradiance(sun: SunPosition, latitude: number, cloudCover: number): number {
  if (sun.elevation <= 0) return 0;
  const seasonFactor = 1 + 0.033 * Math.cos((2 * Math.PI * sun.dayOfYear) / 365);
  const directNormal = SOLAR_CONSTANT * seasonFactor * Math.pow(0.7, Math.pow(airMass(sun.elevation), 0.678));
  const diffuseHorizontal = 0.1 * directNormal;
  const tilt = moduleTilt(latitude) * DEG;
  // Normal of a module facing the equator: south in the northern hemisphere, north in the southern.
  const facing = latitude >= 0 ? -1 : 1;
  const cosIncidence = sun.north * facing * Math.sin(tilt) + sun.up * Math.cos(tilt);
  const clearSky = directNormal * Math.max(0, cosIncidence) + diffuseHorizontal * ((1 + Math.cos(tilt)) / 2);
  return clearSky * (1 - 0.9 * Math.pow(cloudCover, 2.2));
}
