/**
 * What a PV system really yields, month by month, where the demo systems stand: the reference the
 * weather model's climate is calibrated on (climate.ts) and tested against (tests/api/simulator/yield-table.test.ts).
 *
 * Source: PVGIS 5.2, the EU Joint Research Centre's Photovoltaic Geographical Information System
 * (https://re.jrc.ec.europa.eu/pvg_tools/en/, "Grid connected PV", monthly data), solar radiation database
 * PVGIS-SARAH2 where it covers the place (Europe, Africa, West and South Asia) and PVGIS-ERA5 elsewhere
 * (Japan, eastern China, Australia, the Americas). Assumptions, PVGIS's defaults: 1 kWp of crystalline silicon,
 * free-standing, facing the equator at the optimal tilt (PVGIS's "optimize slope"), 14 % system losses
 * (cables, inverter, soiling, mismatch). Figures are E_m, the average monthly AC energy in kWh per kWp over
 * the database's years (2005-2020), rounded to 5 kWh: typical values of those runs, not a year's weather.
 * Individual years vary by ±10 % over a year and by ±30 % in a winter month.
 */
export interface ReferenceYield {
  place: string;
  latitude: number;
  longitude: number;
  /** kWh per kWp, January … December. */
  kwhPerKwp: readonly number[];
}

export const REFERENCE_YIELDS: readonly ReferenceYield[] = [
  // Germany
  { place: 'München', latitude: 48.137, longitude: 11.575, kwhPerKwp: [50, 70, 105, 125, 135, 135, 140, 130, 105, 80, 50, 40] },
  { place: 'Freiburg im Breisgau', latitude: 47.999, longitude: 7.842, kwhPerKwp: [45, 65, 100, 125, 135, 140, 145, 130, 105, 75, 45, 35] },
  { place: 'Hamburg', latitude: 53.551, longitude: 9.994, kwhPerKwp: [25, 45, 80, 120, 135, 130, 130, 120, 90, 60, 30, 20] },
  { place: 'Leipzig', latitude: 51.34, longitude: 12.375, kwhPerKwp: [35, 55, 90, 125, 140, 135, 140, 130, 100, 70, 35, 25] },
  // The Netherlands
  { place: 'Utrecht', latitude: 52.091, longitude: 5.122, kwhPerKwp: [30, 50, 85, 120, 135, 130, 130, 115, 90, 65, 35, 25] },
  { place: 'Eindhoven', latitude: 51.441, longitude: 5.47, kwhPerKwp: [30, 50, 85, 125, 135, 130, 130, 120, 95, 65, 35, 25] },
  // Austria, Switzerland
  { place: 'Graz', latitude: 47.071, longitude: 15.44, kwhPerKwp: [60, 80, 110, 125, 130, 135, 145, 135, 110, 85, 55, 45] },
  { place: 'Bern', latitude: 46.948, longitude: 7.447, kwhPerKwp: [50, 70, 105, 120, 130, 135, 150, 135, 110, 75, 50, 40] },
  { place: 'Winterthur', latitude: 47.5, longitude: 8.724, kwhPerKwp: [40, 60, 100, 120, 130, 135, 145, 130, 100, 70, 40, 30] },
  // United Kingdom
  { place: 'Bristol', latitude: 51.454, longitude: -2.588, kwhPerKwp: [35, 55, 85, 115, 130, 125, 125, 115, 95, 70, 40, 30] },
  { place: 'Brighton', latitude: 50.822, longitude: -0.137, kwhPerKwp: [40, 60, 95, 125, 140, 135, 140, 130, 105, 75, 45, 35] },
  { place: 'Cambridge', latitude: 52.205, longitude: 0.122, kwhPerKwp: [35, 55, 85, 120, 130, 125, 130, 115, 95, 65, 40, 30] },
  // Italy
  { place: 'Milano', latitude: 45.464, longitude: 9.19, kwhPerKwp: [70, 85, 120, 130, 140, 145, 160, 145, 120, 90, 60, 55] },
  { place: 'Bologna', latitude: 44.494, longitude: 11.343, kwhPerKwp: [70, 90, 125, 135, 145, 155, 165, 150, 125, 95, 65, 55] },
  { place: 'Verona', latitude: 45.438, longitude: 10.992, kwhPerKwp: [70, 85, 120, 130, 145, 150, 160, 150, 120, 90, 60, 55] },
  // Japan
  { place: 'Osaka', latitude: 34.694, longitude: 135.502, kwhPerKwp: [90, 95, 115, 125, 130, 110, 125, 135, 105, 100, 90, 85] },
  { place: 'Nagoya', latitude: 35.181, longitude: 136.906, kwhPerKwp: [100, 105, 120, 130, 135, 110, 125, 140, 105, 100, 90, 90] },
  // China
  { place: 'Shanghai', latitude: 31.23, longitude: 121.474, kwhPerKwp: [70, 70, 90, 105, 115, 100, 125, 125, 100, 95, 80, 75] },
  { place: 'Shenzhen', latitude: 22.543, longitude: 114.058, kwhPerKwp: [100, 80, 80, 85, 100, 100, 120, 120, 115, 120, 110, 105] },
  // Australia (Sydney: not a demo town, the simulator's own tests stand there)
  { place: 'Sydney', latitude: -33.869, longitude: 151.209, kwhPerKwp: [150, 130, 130, 120, 105, 95, 105, 125, 135, 150, 150, 155] },
  { place: 'Adelaide', latitude: -34.929, longitude: 138.601, kwhPerKwp: [185, 165, 155, 125, 100, 80, 90, 110, 130, 160, 170, 180] },
  { place: 'Brisbane', latitude: -27.47, longitude: 153.026, kwhPerKwp: [150, 130, 135, 125, 115, 105, 115, 130, 140, 150, 150, 150] },
  { place: 'Perth', latitude: -31.952, longitude: 115.861, kwhPerKwp: [195, 175, 165, 135, 110, 90, 100, 115, 135, 165, 180, 190] },
  // South Africa
  { place: 'Cape Town', latitude: -33.925, longitude: 18.424, kwhPerKwp: [200, 180, 165, 130, 105, 90, 95, 115, 135, 170, 185, 200] },
  { place: 'Pretoria', latitude: -25.747, longitude: 28.188, kwhPerKwp: [150, 140, 150, 145, 150, 145, 150, 160, 150, 150, 140, 145] },
  // United States
  { place: 'San Diego', latitude: 32.716, longitude: -117.161, kwhPerKwp: [125, 125, 150, 155, 150, 145, 165, 165, 150, 140, 125, 120] },
  { place: 'Austin', latitude: 30.267, longitude: -97.743, kwhPerKwp: [105, 110, 130, 140, 140, 150, 160, 160, 140, 130, 110, 100] },
];

/** The reference of the nearest place within about 100 km of a site, or undefined. */
export function referenceYieldNear(latitude: number, longitude: number): ReferenceYield | undefined {
  const kmPerDegree = 111;
  let nearest: ReferenceYield | undefined;
  let nearestKm = 100;
  for (const r of REFERENCE_YIELDS) {
    const north = (r.latitude - latitude) * kmPerDegree;
    const east = (r.longitude - longitude) * kmPerDegree * Math.cos((latitude * Math.PI) / 180);
    const km = Math.hypot(north, east);
    if (km < nearestKm) [nearest, nearestKm] = [r, km];
  }
  return nearest;
}
