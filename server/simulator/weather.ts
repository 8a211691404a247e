import { clamp, hashString, noise, smoothNoise } from './random';
import { dayOfYear, solarHour } from './sun';

/**
 * The weather a site sees, hour by hour: a day-to-day cloud process (smooth random weather fronts around
 * the climate's mean, cloudier in the local winter), flickering within partly cloudy days, and a temperature
 * from latitude, season, time of day and the clouds. Every value is a pure function of (site, time), so
 * the same code serves history, the live feed and the forecast.
 */
export interface WeatherPoint {
  cloudCover: number;
  temperatureC: number;
  condition: WeatherCondition;
}

export type WeatherCondition = 'sunny' | 'partly_cloudy' | 'cloudy' | 'overcast' | 'rain' | 'snow';

export interface WeatherSite {
  sn: string;
  latitude: number;
  longitude: number;
  cloudiness: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Northern winter is around day 15; the southern hemisphere is half a year off. */
function winterness(latitude: number, doy: number): number {
  const northern = Math.cos((2 * Math.PI * (doy - 15)) / 365);
  return latitude >= 0 ? northern : -northern;
}

/** Cloud cover of the day (0-1): fronts last 2-4 days, plus a daily jitter. */
export function dailyCloudCover(site: WeatherSite, time: Date): number {
  const seed = hashString(site.sn);
  const day = Math.floor(time.getTime() / DAY_MS);
  const front = smoothNoise(seed, day, 3, 1) - 0.5;
  const jitter = noise(seed, day, 2) - 0.5;
  const seasonal = 0.25 * winterness(site.latitude, dayOfYear(time)) * Math.min(1, Math.abs(site.latitude) / 40);
  return clamp(site.cloudiness + seasonal + 1.1 * front + 0.3 * jitter, 0, 1);
}

/** Cloud cover at a moment: the day's mean with passing clouds, strongest on half-cloudy days. */
export function cloudCoverAt(site: WeatherSite, time: Date): number {
  const seed = hashString(site.sn);
  const daily = dailyCloudCover(site, time);
  const variability = 4 * daily * (1 - daily); // 0 when clear or overcast, 1 at half cover
  const passing = smoothNoise(seed, time.getTime() / 60_000, 20, 3) - 0.5;
  return clamp(daily + 0.8 * variability * passing, 0, 1);
}

export function temperatureAt(site: WeatherSite, time: Date, cloudCover: number): number {
  const seed = hashString(site.sn);
  const absLat = Math.abs(site.latitude);
  const annualMean = 28 - 0.35 * absLat;
  const seasonalSwing = 0.2 * absLat;
  const dayRange = 5 * (1 - 0.6 * cloudCover);
  const hour = solarHour(time, site.longitude);
  const anomaly = (smoothNoise(seed, time.getTime() / DAY_MS, 4, 5) - 0.5) * 8;
  return (
    annualMean - seasonalSwing * winterness(site.latitude, dayOfYear(time)) + dayRange * Math.cos((2 * Math.PI * (hour - 15)) / 24) + anomaly
  );
}

export function weatherAt(site: WeatherSite, time: Date): WeatherPoint {
  const cloudCover = cloudCoverAt(site, time);
  const temperatureC = temperatureAt(site, time, cloudCover);
  const rainy = cloudCover > 0.8 && noise(hashString(site.sn), Math.floor(time.getTime() / HOUR_MS), 7) < 0.5;
  let condition: WeatherCondition;
  if (rainy) condition = temperatureC < 1 ? 'snow' : 'rain';
  else if (cloudCover < 0.2) condition = 'sunny';
  else if (cloudCover < 0.5) condition = 'partly_cloudy';
  else if (cloudCover < 0.8) condition = 'cloudy';
  else condition = 'overcast';
  return { cloudCover, temperatureC, condition };
}
