import { dayCloudOffset, withPassingClouds } from './clouds';
import { clearSkyIrradiance, cloudAttenuation } from '../solar/irradiance';
import { pvPowerW } from '../solar/pv';
import { clamp, hashString } from './random';
import { referenceYieldNear, type ReferenceYield } from './reference-yields';
import { dayOfYear, sunPosition, winterness } from '../solar/sun';
import { temperatureAt } from './temperature';

/**
 * The climate of a site: its mean cloud cover through the year, around which the weather's fronts and
 * passing clouds (clouds.ts) play.
 *
 * Near a place of the PVGIS table (reference-yields.ts) the climate is calibrated on that table: each
 * month's mean cover is the one for which the expected yield of that month (clear-sky
 * irradiance of every hour × the average attenuation of the cloud process around that mean, through the
 * PV model with its temperatures) equals the published figure. So a place's seasons follow its real
 * weather: the rainy June of Shanghai and Osaka, the dry sunny winter of Pretoria, the grey Hamburg
 * November. The mean may leave 0…1 (it is the centre of a spread clamped to 0…1 day by day).
 *
 * Elsewhere a rule of thumb: cloudier towards the poles and in the local winter.
 */
export type MeanCloudCover = (time: Date) => number;

const calibrated = new Map<ReferenceYield, readonly number[]>();

export function climateAt(latitude: number, longitude: number): MeanCloudCover {
  const reference = referenceYieldNear(latitude, longitude);
  if (!reference) return ruleOfThumb(latitude);
  let months = calibrated.get(reference);
  if (!months) {
    months = calibrate(reference);
    calibrated.set(reference, months);
  }
  const monthly = months;
  return (time) => monthly[time.getUTCMonth()]!;
}

function ruleOfThumb(latitude: number): MeanCloudCover {
  const base = Math.min(0.7, 0.25 + Math.abs(latitude) / 120);
  const swing = 0.25 * Math.min(1, Math.abs(latitude) / 40);
  return (time) => base + swing * winterness(latitude, dayOfYear(time));
}

/** Mean covers tried, and how far past 0…1 a mean may go (beyond, the sky is always clear or overcast). */
const LOWEST_MEAN = -0.8;
const HIGHEST_MEAN = 1.6;
const GRID_STEPS = 240;
/** Two years of the weather process's days, three moments each, to average the attenuation over. */
const SAMPLE_DAYS = 730;
const HOUR_MS = 3_600_000;

/** The average attenuation of the cloud process around each mean on a grid (the same for every place). */
let attenuationGrid: Float64Array | null = null;

function meanAttenuation(mean: number): number {
  if (!attenuationGrid) {
    const grid = new Float64Array(GRID_STEPS + 1);
    const seed = hashString('climate calibration');
    for (let i = 0; i <= GRID_STEPS; i++) {
      const m = LOWEST_MEAN + ((HIGHEST_MEAN - LOWEST_MEAN) * i) / GRID_STEPS;
      let sum = 0;
      for (let day = 0; day < SAMPLE_DAYS; day++) {
        const dayCover = clamp(m + dayCloudOffset(seed, day), 0, 1);
        for (const minute of [600, 780, 900]) sum += cloudAttenuation(withPassingClouds(dayCover, seed, day * 1440 + minute));
      }
      grid[i] = sum / (SAMPLE_DAYS * 3);
    }
    attenuationGrid = grid;
  }
  const position = ((clamp(mean, LOWEST_MEAN, HIGHEST_MEAN) - LOWEST_MEAN) / (HIGHEST_MEAN - LOWEST_MEAN)) * GRID_STEPS;
  const i = Math.min(GRID_STEPS - 1, Math.floor(position));
  return attenuationGrid[i]! + (attenuationGrid[i + 1]! - attenuationGrid[i]!) * (position - i);
}

/** Each month's mean cover for which the expected yield meets the reference (bisection; yield falls as cover rises). */
function calibrate(reference: ReferenceYield): number[] {
  const site = { sn: `climate ${reference.place}`, latitude: reference.latitude, longitude: reference.longitude };
  return reference.kwhPerKwp.map((target, month) => {
    // Every daylight hour of the month in a common year, at its middle.
    const hours: { irradiance: number; temperatureC: number }[] = [];
    for (let ms = Date.UTC(2025, month, 1) + HOUR_MS / 2; ms < Date.UTC(2025, month + 1, 1); ms += HOUR_MS) {
      const time = new Date(ms);
      const irradiance = clearSkyIrradiance(sunPosition(time, site.latitude, site.longitude), site.latitude);
      if (irradiance > 0) hours.push({ irradiance, temperatureC: temperatureAt(site, time, 0.5) });
    }
    const expectedKwh = (mean: number) => {
      const attenuation = meanAttenuation(mean);
      return hours.reduce((sum, h) => sum + pvPowerW(1, Infinity, h.irradiance * attenuation, h.temperatureC), 0) / 1000;
    };
    let low = LOWEST_MEAN;
    let high = HIGHEST_MEAN;
    for (let i = 0; i < 30; i++) {
      const mid = (low + high) / 2;
      if (expectedKwh(mid) > target) low = mid;
      else high = mid;
    }
    return Math.round(((low + high) / 2) * 1000) / 1000;
  });
}
