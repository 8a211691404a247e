import { sql } from 'drizzle-orm';
import type { Database } from './database';

export interface LivenessOptions {
  /** One round trip to the database; it answers or throws. */
  ping: () => Promise<unknown>;
  /** Called once, when `failuresToDie` checks in a row found no answer. The server exits there (boot.ts). */
  onDead: (reason: string) => void;
  /** Between two background checks. */
  intervalMs?: number;
  /** A ping slower than this counts as no answer. */
  timeoutMs?: number;
  failuresToDie?: number;
}

/** `SELECT 1`: the cheapest question that needs a working database. */
export function pingDatabase(db: Database): () => Promise<unknown> {
  return () => db.execute(sql`SELECT 1`);
}

/**
 * Knows whether the database answers. An embedded PGlite that aborted (a WASM trap such as
 * `memory access out of bounds`) never recovers: every query throws from then on, and a process that stayed up
 * would answer 500 forever. So a few failed checks in a row (thrown, or no answer within the timeout) call
 * `onDead`, once, and the process exits for its supervisor to restart it; /api/health reports the last check.
 *
 * With the defaults that takes three checks, 10 to 20 s: a single slow moment (PGlite runs one query at a time,
 * so a long export delays the ping) is not a death, but nothing legitimate holds the database that long, since
 * interactive calls are bounded by their input and PostgreSQL's statement timeout (database.ts).
 */
export class DatabaseLiveness {
  private readonly options: Required<LivenessOptions>;
  private failures = 0;
  private dead = false;
  private inFlight: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: LivenessOptions) {
    this.options = { intervalMs: 5_000, timeoutMs: 3_000, failuresToDie: 3, ...options };
  }

  /** Checks now; concurrent callers share one ping, so a burst of health checks is one query. */
  check(): Promise<boolean> {
    this.inFlight ??= this.pingOnce().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  /**
   * Background checks every `intervalMs`; the timer never keeps the process alive by itself. A timer, not a job of
   * the queue (DESIGN §11): it watches this process's own connection, which a queue kept in that database cannot.
   */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async pingOnce(): Promise<boolean> {
    let reason: string | null = null;
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.options.ping(),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
        }),
      ]);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timeout);
    }
    if (reason === null) {
      this.failures = 0;
      return true;
    }
    this.failures++;
    if (this.failures >= this.options.failuresToDie && !this.dead) {
      this.dead = true;
      this.stop();
      this.options.onDead(`the database failed ${this.failures} checks in a row, the last: ${reason}`);
    }
    return false;
  }
}
