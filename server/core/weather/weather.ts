import { climateAt, type MeanCloudCover } from './climate';
import { dayCloudOffset, withPassingClouds } from './clouds';
import { clamp, hashString, noise } from './random';
import { temperatureAt } from './temperature';

/**
 * The weather a site sees, hour by hour: the climate's mean cloud cover of the month (climate.ts), a
 * day-to-day cloud process around it (weather fronts), clouds passing within partly cloudy days
 * (clouds.ts), and a temperature from latitude, season, time of day and the clouds (temperature.ts).
 * Every value is a pure function of (site, time), so the same code serves history, the live feed and the
 * forecast: the simulator (server/simulator) produces PV under it, the monitoring area answers it as the
 * systems' weather (server/monitoring/weather).
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
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A site's climate, looked up once per site object (a simulation asks for every step). */
const climates = new WeakMap<WeatherSite, MeanCloudCover>();

function climateOf(site: WeatherSite): MeanCloudCover {
  let climate = climates.get(site);
  if (!climate) {
    climate = climateAt(site.latitude, site.longitude);
    climates.set(site, climate);
  }
  return climate;
}

/** Cloud cover of the day (0-1). */
export function dailyCloudCover(site: WeatherSite, time: Date): number {
  const day = Math.floor(time.getTime() / DAY_MS);
  return clamp(climateOf(site)(time) + dayCloudOffset(hashString(site.sn), day), 0, 1);
}

/** Cloud cover at a moment: the day's mean with passing clouds. */
export function cloudCoverAt(site: WeatherSite, time: Date): number {
  return withPassingClouds(dailyCloudCover(site, time), hashString(site.sn), time.getTime() / 60_000);
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
