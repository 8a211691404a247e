import { and, eq, gt, sql } from 'drizzle-orm';
import { Code, CODE_MESSAGES } from '../../../contract/codes';
import type { Clock } from '../../config';
import type { Database } from '../db';
import { uploads } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Storage } from '../storage';
import { UNATTACHED_KEPT_MS } from './service';

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The bytes one user may hold uploaded but attached to no record (five files of the largest size, 80 MB): enough
 * for any form, which holds at most a few files, while a user who uploads without ever saving cannot fill the disk.
 */
export const UNATTACHED_BYTES_CAP = 400 * MB;
/** Uploads one user may make in an hour: a form's few files many times over, far below a script's pace. */
export const UPLOADS_PER_HOUR = 60;
/** The free space the upload folder's disk keeps by default (UPLOAD_MIN_FREE_MB): the database may share that disk. */
export const DEFAULT_MIN_FREE_BYTES = 1024 * MB;

/** UPLOAD_MIN_FREE_MB as bytes; a value that is not a whole number ≥ 0 stops the start. */
export function parseUploadMinFreeBytes(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_MIN_FREE_BYTES;
  const megabytes = Number(text);
  if (!Number.isInteger(megabytes) || megabytes < 0)
    throw new Error(`UPLOAD_MIN_FREE_MB must be a whole number of megabytes ≥ 0, not '${text}'`);
  return megabytes * MB;
}

interface InFlight {
  count: number;
  bytes: number;
}

/**
 * Whether one more upload of a user is accepted, asked before a byte of it is read (nothing is written when it is
 * refused):
 * - 15 ('Operation too fast') past UPLOADS_PER_HOUR uploads kept in the last hour;
 * - 16 ('Daily action limit reached, come back tomorrow') when the user's files no record holds would pass
 *   UNATTACHED_BYTES_CAP: such files are removed a day after their upload, so "tomorrow" is when the room is back
 *   (or at once, when the user saves the record that takes them);
 * - 400 ('Operation failure', the cause in the info) when the disk would keep less than `minFreeBytes`.
 *
 * Uploads still streaming count with the bytes their request announced (content-length bounds the body, the file is
 * part of it), so parallel uploads cannot pass the caps together: each takes its share before it looks, and gives it
 * back when its row is written or it failed. That share is this process's; several API nodes each keep their own,
 * so a user uploading through all of them at once may pass a cap by the uploads in flight elsewhere, never more.
 */
export class UploadQuota {
  private readonly inFlight = new Map<number, InFlight>();
  private inFlightBytes = 0;

  constructor(private readonly deps: { db: Database; clock: Clock; storage: Storage; minFreeBytes: number }) {}

  /** Takes the upload's share or refuses it (15, 16, 400); answers the release, to call once it ended either way. */
  async reserve(userId: number, bytes: number): Promise<() => void> {
    let mine = this.inFlight.get(userId);
    if (!mine) this.inFlight.set(userId, (mine = { count: 0, bytes: 0 }));
    const share = mine;
    share.count++;
    share.bytes += bytes;
    this.inFlightBytes += bytes;
    // What was in flight when this upload asked, itself included: of two at once, the first is judged without the
    // second, the second with the first, so one of them may pass where both would not fit.
    const ahead = { count: share.count, bytes: share.bytes, all: this.inFlightBytes };
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      share.count--;
      share.bytes -= bytes;
      this.inFlightBytes -= bytes;
      if (share.count === 0 && this.inFlight.get(userId) === share) this.inFlight.delete(userId);
    };
    try {
      const kept = await keptUploads(this.deps.db, userId, this.deps.clock());
      if (kept.lastHour + ahead.count > UPLOADS_PER_HOUR)
        throw new ApiError(Code.TOO_FAST, `${CODE_MESSAGES[Code.TOO_FAST]}: at most ${UPLOADS_PER_HOUR} uploads an hour`);
      if (kept.unattachedBytes + ahead.bytes > UNATTACHED_BYTES_CAP)
        throw new ApiError(
          Code.DAILY_LIMIT,
          `${CODE_MESSAGES[Code.DAILY_LIMIT]}: at most ${UNATTACHED_BYTES_CAP / MB} MB of uploads no record holds yet`,
        );
      const free = await this.deps.storage.freeBytes();
      if (free !== undefined && free - ahead.all < this.deps.minFreeBytes)
        throw new ApiError(Code.OPERATION_FAILED, `${CODE_MESSAGES[Code.OPERATION_FAILED]}: too little free disk space for uploads`);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }
}

/**
 * The user's uploads of the last hour and the bytes of their files no record holds, in one statement over the
 * uploads of the last day (the created_at index): unattached files go a day after their upload, so older ones are
 * only those a record let go, which the hourly clean-up removes before the next hour is out.
 */
async function keptUploads(db: Database, userId: number, now: Date): Promise<{ lastHour: number; unattachedBytes: number }> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [row] = await db
    .select({
      lastHour: sql<number>`count(*) FILTER (WHERE ${uploads.createdAt} > ${hourAgo.toISOString()}::timestamptz)`.mapWith(Number),
      unattachedBytes: sql<number>`coalesce(sum(${uploads.size}) FILTER (WHERE ${uploads.recordId} IS NULL), 0)`.mapWith(Number),
    })
    .from(uploads)
    .where(and(eq(uploads.ownerId, userId), gt(uploads.createdAt, new Date(now.getTime() - UNATTACHED_KEPT_MS - HOUR_MS))));
  return row ?? { lastHour: 0, unattachedBytes: 0 };
}
