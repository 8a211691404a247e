/**
 * Deterministic randomness. Every random quantity of the weather model and of the simulator (server/simulator)
 * is a pure function of (seed, key), so any hour of any system can be recomputed on its own: the demo is reproducible, a re-sent batch carries
 * the same values, and the weather of a past hour is the same whether it is read today or next year.
 */

/** 32-bit FNV-1a of a string: turns a system's S/N into a seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) for (seed, a, b): a stateless integer hash (splitmix-like avalanche). */
export function noise(seed: number, a: number, b = 0): number {
  let h = (seed ^ Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Smooth noise in [0, 1): random values every `period` steps, cosine-interpolated in between. */
export function smoothNoise(seed: number, x: number, period: number, channel = 0): number {
  const p = x / period;
  const i = Math.floor(p);
  const f = p - i;
  const w = (1 - Math.cos(Math.PI * f)) / 2;
  return noise(seed, i, channel) * (1 - w) + noise(seed, i + 1, channel) * w;
}

/** A sequential generator (mulberry32) for building the demo fleet, where order does not matter. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
