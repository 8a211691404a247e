import type { FaultReport, IngestBatch } from '../../contract/ingest';
import { effectiveStatus } from '../monitoring/status';
import type { StepResult } from './simulate';

/**
 * Turns simulated steps into the batches a device would post: samples in order, at most `maxSamples` per
 * batch, and every fault seen during the batch with its end when it has ended by the batch's last step
 * (a fault still running is reported open and closed by a later batch, as real devices do). The status is
 * what the device says at its last report: normal, or the level of the worst fault running then.
 */
export function toIngestBatches(results: readonly StepResult[], stepMs: number, maxSamples: number): IngestBatch[] {
  const batches: IngestBatch[] = [];
  for (let from = 0; from < results.length; from += maxSamples) {
    const chunk = results.slice(from, from + maxSamples);
    const samples = chunk.flatMap(({ sample }) =>
      sample
        ? [
            {
              ts: new Date(sample.ts).toISOString(),
              pv_w: sample.pvW,
              load_w: sample.loadW,
              battery_w: sample.batteryW,
              grid_w: sample.gridW,
              soc: sample.soc,
            },
          ]
        : [],
    );
    const lastReported = samples.length > 0 ? Date.parse(samples[samples.length - 1]!.ts) + stepMs : 0;
    const faults = new Map<string, FaultReport>();
    for (const { sample, activeFaults } of chunk) {
      if (!sample) continue; // an offline system reports nothing, faults included
      for (const f of activeFaults) {
        faults.set(`${f.type.code}@${f.start}`, {
          code: f.type.code,
          level: f.type.level,
          description: f.type.description,
          started_at: new Date(f.start).toISOString(),
          ended_at: f.end <= lastReported ? new Date(f.end).toISOString() : null,
        });
      }
    }
    if (samples.length === 0 && faults.size === 0) continue;
    const lastStep = chunk.findLast((step) => step.sample !== null);
    const running = (lastStep?.activeFaults ?? []).map((f) => f.type.level);
    batches.push({ status: effectiveStatus('normal', running), samples, faults: [...faults.values()] });
  }
  return batches;
}
