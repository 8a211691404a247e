import pg from 'pg';
import { listenTarget, type Database } from './database';

export interface ChannelHandlers {
  /** The payload of one notification on the channel. */
  onNotify(payload: string): void;
  /**
   * Runs each time the LISTEN is in place: at the start and after every reconnect. Notifications sent while
   * the connection was down are lost, so this is where the caller reads again what it may have missed; when
   * it throws, the connection is dropped and tried again.
   */
  onListening(): Promise<void>;
  log(message: string): void;
}

export interface ChannelSubscription {
  close(): Promise<void>;
}

/** Waits before a reconnect: 0.5 s, doubling per failed try, at most 30 s. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN on a PostgreSQL channel (NOTIFY / pg_notify from any node on the same database reaches every
 * listener). On PGlite, one process holds the database, so its own `listen` API is the channel; on a server,
 * a dedicated connection listens and comes back by itself when it breaks.
 */
export async function listenToChannel(db: Database, channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription> {
  const target = listenTarget(db);
  if (target.kind === 'pglite') {
    const unlisten = await target.client.listen(channel, handlers.onNotify);
    await handlers.onListening();
    return { close: () => unlisten() };
  }
  return listenOnServer(target.config, channel, handlers);
}

async function listenOnServer(config: pg.ClientConfig, channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription> {
  let current: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(config);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    // 'error' and 'end' both mean this connection is gone: a server restart, a network cut, a terminated backend.
    const lost = (error?: Error) => {
      if (current !== client) return;
      current = null;
      handlers.log(`LISTEN ${channel}: connection lost${error ? ` (${error.message})` : ''}, reconnecting`);
      client.end().catch(() => {});
      reconnectLater();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      current = client;
      await handlers.onListening();
      failures = 0;
    } catch (error) {
      if (current === client) current = null;
      client.end().catch(() => {});
      throw error;
    }
    if (closed) await close();
  };

  const reconnectLater = () => {
    if (closed) return;
    // A timer, not a job of the queue (DESIGN §11): it reopens this process's own connection.
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures++);
    retry = setTimeout(() => {
      connect().catch((error: Error) => {
        handlers.log(`LISTEN ${channel}: reconnect failed (${error.message})`);
        reconnectLater();
      });
    }, delay);
    retry.unref();
  };

  const close = async () => {
    closed = true;
    clearTimeout(retry);
    const last = current;
    current = null;
    await last?.end();
  };

  // The first connection must work: the database was reachable a moment ago (migrations ran).
  await connect();
  return { close };
}
