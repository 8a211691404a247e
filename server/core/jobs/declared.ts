import { purgeRawSamplesJob, markSilentSystemsOfflineJob } from '../../monitoring/jobs';
import { deliverDueMailsJob } from '../mail/jobs';
import { removeStaleUploadsJob } from '../uploads/jobs';
import type { JobDeclaration } from './declaration';

/** Every job the server runs: an area declares its jobs in its own jobs.ts and lists them here. */
export const DECLARED_JOBS: readonly JobDeclaration[] = [
  purgeRawSamplesJob,
  markSilentSystemsOfflineJob,
  removeStaleUploadsJob,
  deliverDueMailsJob,
];
