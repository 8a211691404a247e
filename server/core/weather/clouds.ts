import { clamp, noise, smoothNoise } from './random';

/**
 * The random part of the cloud cover, around the climate's mean (climate.ts): weather fronts lasting 2-4
 * days with a daily jitter, and clouds passing within a day. Pure functions of (seed, time), shared by the
 * weather model and by the climate's calibration, which averages them.
 */

/** How far a day's cloud cover lies from the climate's mean (about ±0.7). */
export function dayCloudOffset(seed: number, day: number): number {
  return 1.1 * (smoothNoise(seed, day, 3, 1) - 0.5) + 0.3 * (noise(seed, day, 2) - 0.5);
}

/** The cover at a minute: the day's cover with passing clouds, strongest on half-cloudy days. */
export function withPassingClouds(dayCover: number, seed: number, minute: number): number {
  const variability = 4 * dayCover * (1 - dayCover); // 0 when clear or overcast, 1 at half cover
  const passing = smoothNoise(seed, minute, 20, 3) - 0.5;
  return clamp(dayCover + 0.8 * variability * passing, 0, 1);
}
