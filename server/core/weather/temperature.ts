import { hashString, smoothNoise } from './random';
import { dayOfYear, solarHour, winterness } from '../solar/sun';

/**
 * Air temperature at a site: a yearly mean and swing from the latitude, the day's course (warmest at 15:00
 * solar time, a smaller range under clouds) and a slow random anomaly of a few days.
 */
export function temperatureAt(site: { sn: string; latitude: number; longitude: number }, time: Date, cloudCover: number): number {
  const seed = hashString(site.sn);
  const absLat = Math.abs(site.latitude);
  const annualMean = 28 - 0.35 * absLat;
  const seasonalSwing = 0.2 * absLat;
  const dayRange = 5 * (1 - 0.6 * cloudCover);
  const hour = solarHour(time, site.longitude);
  const anomaly = (smoothNoise(seed, time.getTime() / 86_400_000, 4, 5) - 0.5) * 8;
  return (
    annualMean -
    seasonalSwing * winterness(site.latitude, dayOfYear(time)) +
    dayRange * Math.cos((2 * Math.PI * (hour - 15)) / 24) +
    anomaly
  );
}
