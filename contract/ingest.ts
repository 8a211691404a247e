import { z } from 'zod';
import { EMS_STATUSES, FAULT_LEVELS } from './monitoring-constants';

/** Device batches are refused whole above this many samples (a week at 5 minutes fits). */
export const MAX_SAMPLES_PER_BATCH = 2000;
export const MAX_FAULTS_PER_BATCH = 200;

/** Physical bounds of any system we sell, generous for the largest commercial ones (MW class). */
const POWER_LIMIT_W = 5_000_000;

const timestamp = z.iso.datetime({ offset: true }).max(40);

export const sampleSchema = z.object({
  ts: timestamp,
  pv_w: z.number().int().min(0).max(POWER_LIMIT_W),
  load_w: z.number().int().min(0).max(POWER_LIMIT_W),
  battery_w: z.number().int().min(-POWER_LIMIT_W).max(POWER_LIMIT_W),
  grid_w: z.number().int().min(-POWER_LIMIT_W).max(POWER_LIMIT_W),
  soc: z.number().min(0).max(100),
});

export const faultReportSchema = z.object({
  code: z.string().trim().min(1).max(20),
  level: z.enum(FAULT_LEVELS),
  description: z.string().trim().min(1).max(500),
  started_at: timestamp,
  ended_at: timestamp.nullish(),
});

/** What a device (or the simulator) posts to /api/Device/Ingest. */
export const ingestBatchSchema = z.object({
  /** What the device says about itself now; open faults can raise it. */
  status: z.enum(EMS_STATUSES.filter((s) => s !== 'offline') as ['normal', 'warning', 'fault', 'protection']).optional(),
  samples: z.array(sampleSchema).max(MAX_SAMPLES_PER_BATCH),
  faults: z.array(faultReportSchema).max(MAX_FAULTS_PER_BATCH).optional(),
});

export type IngestBatch = z.infer<typeof ingestBatchSchema>;
export type FaultReport = z.infer<typeof faultReportSchema>;
