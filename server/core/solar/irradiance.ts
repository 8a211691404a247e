import type { SunPosition } from './sun';

/**
 * Irradiance on the modules. Clear sky: the Meinel model (direct beam attenuated by air mass, Kasten-Young
 * formula) plus a diffuse share, scaled by the Earth-Sun distance over the year. Clouds: a Kasten-Czeplak-style
 * reduction by cloud cover, steepened so that an overcast day gives the 10-20 % of clear sky it does in
 * Central Europe. How cloudy each month is comes from the climate (climate.ts), calibrated on PVGIS yields.
 * Modules face the equator at about the yearly optimum tilt, as PVGIS's reference figures assume.
 */
const SOLAR_CONSTANT = 1361;
const DEG = Math.PI / 180;

export function airMass(elevationDeg: number): number {
  const zenith = 90 - elevationDeg;
  return 1 / (Math.cos(zenith * DEG) + 0.50572 * Math.pow(96.07995 - zenith, -1.6364));
}

/** About PVGIS's optimal tilt: ~37° at 48° N, ~28° at 35°, ~20° near the tropics (roofs are built near it). */
export function moduleTilt(latitude: number): number {
  return Math.min(40, Math.max(10, Math.abs(latitude) * 0.7 + 4));
}

/** Plane-of-array irradiance in W/m² under a cloudless sky. */
export function clearSkyIrradiance(sun: SunPosition, latitude: number): number {
  if (sun.elevation <= 0) return 0;
  const seasonFactor = 1 + 0.033 * Math.cos((2 * Math.PI * sun.dayOfYear) / 365);
  const directNormal = SOLAR_CONSTANT * seasonFactor * Math.pow(0.7, Math.pow(airMass(sun.elevation), 0.678));
  const diffuseHorizontal = 0.1 * directNormal;
  const tilt = moduleTilt(latitude) * DEG;
  // Normal of a module facing the equator: south in the northern hemisphere, north in the southern.
  const facing = latitude >= 0 ? -1 : 1;
  const cosIncidence = sun.north * facing * Math.sin(tilt) + sun.up * Math.cos(tilt);
  return directNormal * Math.max(0, cosIncidence) + diffuseHorizontal * ((1 + Math.cos(tilt)) / 2);
}

/** The share of clear-sky irradiance that comes through a cloud cover (0 clear … 1 overcast). */
export function cloudAttenuation(cloudCover: number): number {
  return 1 - 0.9 * Math.pow(cloudCover, 2.2);
}

/** Plane-of-array irradiance in W/m² under a sky with the given cloud cover. */
export function planeOfArrayIrradiance(sun: SunPosition, latitude: number, cloudCover: number): number {
  return clearSkyIrradiance(sun, latitude) * cloudAttenuation(cloudCover);
}
