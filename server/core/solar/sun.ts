/**
 * Where the sun stands, from the NOAA general solar position equations (accurate to a fraction of a
 * degree, plenty for PV yield). Works in UTC with the longitude, so no time zone is needed.
 */
const DEG = Math.PI / 180;

export interface SunPosition {
  /** Degrees above the horizon (negative at night). */
  elevation: number;
  /** Unit vector towards the sun in local east / north / up coordinates. */
  east: number;
  north: number;
  up: number;
  /** Day of the year, 1-366, for the seasonal terms. */
  dayOfYear: number;
}

export function dayOfYear(time: Date): number {
  const start = Date.UTC(time.getUTCFullYear(), 0, 1);
  return Math.floor((time.getTime() - start) / 86_400_000) + 1;
}

/** Solar declination in radians and the equation of time in minutes for a fractional year angle. */
function declinationAndEquationOfTime(gamma: number): { declination: number; equationOfTime: number } {
  const equationOfTime =
    229.18 *
    (0.000075 + 0.001868 * Math.cos(gamma) - 0.032077 * Math.sin(gamma) - 0.014615 * Math.cos(2 * gamma) - 0.040849 * Math.sin(2 * gamma));
  const declination =
    0.006918 -
    0.399912 * Math.cos(gamma) +
    0.070257 * Math.sin(gamma) -
    0.006758 * Math.cos(2 * gamma) +
    0.000907 * Math.sin(2 * gamma) -
    0.002697 * Math.cos(3 * gamma) +
    0.00148 * Math.sin(3 * gamma);
  return { declination, equationOfTime };
}

export function sunPosition(time: Date, latitude: number, longitude: number): SunPosition {
  const doy = dayOfYear(time);
  const utcHours = time.getUTCHours() + time.getUTCMinutes() / 60 + time.getUTCSeconds() / 3600;
  const gamma = ((2 * Math.PI) / 365) * (doy - 1 + (utcHours - 12) / 24);
  const { declination, equationOfTime } = declinationAndEquationOfTime(gamma);
  const trueSolarMinutes = utcHours * 60 + equationOfTime + 4 * longitude;
  const hourAngle = (trueSolarMinutes / 4 - 180) * DEG;
  const lat = latitude * DEG;
  const east = -Math.cos(declination) * Math.sin(hourAngle);
  const north = Math.sin(declination) * Math.cos(lat) - Math.cos(declination) * Math.sin(lat) * Math.cos(hourAngle);
  const up = Math.sin(declination) * Math.sin(lat) + Math.cos(declination) * Math.cos(lat) * Math.cos(hourAngle);
  return { elevation: Math.asin(Math.max(-1, Math.min(1, up))) / DEG, east, north, up, dayOfYear: doy };
}

/** Local solar time in hours (0-24): noon is when the sun is highest, whatever the clock says. */
export function solarHour(time: Date, longitude: number): number {
  const utcHours = time.getUTCHours() + time.getUTCMinutes() / 60;
  return (((utcHours + longitude / 15) % 24) + 24) % 24;
}

/** 1 in the local midwinter, −1 in midsummer: northern winter is around day 15, the south's half a year off. */
export function winterness(latitude: number, doy: number): number {
  const northern = Math.cos((2 * Math.PI * (doy - 15)) / 365);
  return latitude >= 0 ? northern : -northern;
}
