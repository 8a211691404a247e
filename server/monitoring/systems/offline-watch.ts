import type { Database } from '../../core/db';
import { markSilentSystemsOffline } from './service';

/**
 * Turns a system that stopped reporting (three intervals without a sample) offline, every `intervalMs`.
 * Harmless on several nodes at once (the update is idempotent), so it runs without a lock.
 */
export function watchSilentSystems(options: { db: Database; clock: () => Date; intervalMs?: number; log?: (message: string) => void }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => markSilentSystemsOffline(options.db, options.clock()))
      .catch((error) => options.log?.(`offline watch: ${error instanceof Error ? error.message : String(error)}`));
  }, options.intervalMs ?? 60_000);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
