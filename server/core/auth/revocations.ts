import { gt } from 'drizzle-orm';
import type { Clock } from '../../config';
import type { Database } from '../db';
import { sessions } from '../db/schema';
import { listenToChannel, type ChannelSubscription } from '../db/listen';

// Core keeps this because the access-token check (../http/auth.ts) consults it on every request; the account
// area ends sessions (server/account/sessions.ts) and announces them on this channel.

/** Sessions.revoke* tell every node of each session they end: pg_notify(channel, session id) at commit. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

/** A session id as the sessions table makes them (anything else on the channel is ignored). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How often at most the ids too old to matter are dropped. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The sessions ended on any node whose access tokens may still be alive, so that the access-token check
 * refuses them with a Map lookup and no database query. A token is signed before its session ends (a
 * revoked session cannot refresh), so `tokenTtlMs` after the revocation none of its tokens is left and the
 * id is dropped. Filled from the sessions table at the start and after every reconnect of the listener (a
 * notification missed while it was down cannot keep a session alive); told of new revocations by NOTIFY.
 */
export class RevokedSessions {
  /** Session id → when it was revoked (ms), in the order learnt. */
  private readonly revokedAt = new Map<string, number>();
  private lastPruned = 0;
  private subscription: ChannelSubscription | null = null;

  constructor(private readonly deps: { db: Database; clock: Clock; tokenTtlMs: number; log: (message: string) => void }) {}

  has(sessionId: string): boolean {
    return this.revokedAt.has(sessionId);
  }

  /** Starts listening and fills the set; call once, before the first request is answered. */
  async start(): Promise<void> {
    this.subscription = await listenToChannel(this.deps.db, SESSION_REVOKED_CHANNEL, {
      onNotify: (sessionId) => {
        if (SESSION_ID.test(sessionId)) this.add(sessionId, this.deps.clock().getTime());
      },
      onListening: () => this.fill(),
      log: this.deps.log,
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
  }

  /** Adds every session revoked within the token lifetime (added to what notifications already told). */
  private async fill(): Promise<void> {
    const now = this.deps.clock().getTime();
    const rows = await this.deps.db
      .select({ id: sessions.id, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(gt(sessions.revokedAt, new Date(now - this.deps.tokenTtlMs)));
    for (const row of rows) this.add(row.id, row.revokedAt!.getTime());
  }

  private add(sessionId: string, at: number): void {
    if (!this.revokedAt.has(sessionId)) this.revokedAt.set(sessionId, at);
    this.prune(this.deps.clock().getTime());
  }

  private prune(now: number): void {
    if (now - this.lastPruned < PRUNE_EVERY_MS) return;
    this.lastPruned = now;
    for (const [sessionId, at] of this.revokedAt) {
      if (at + this.deps.tokenTtlMs <= now) this.revokedAt.delete(sessionId);
    }
  }
}
