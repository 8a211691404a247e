import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { systems } from '../../core/db/schema/monitoring';
import { hashDeviceKey } from './device-keys';

/** What ingest needs to know of the system behind a device key to store its samples. */
export interface DeviceIdentity {
  id: number;
  sysSn: string;
  timeZone: string;
  /** Reporting interval in seconds. */
  transFrequency: number;
}

/** Long enough to spare the lookup for a device's steady stream of batches, short enough to follow changes. */
const REMEMBER_MS = 60_000;
/** A bound on memory whatever keys are tried; the oldest entries go first. */
const MAX_ENTRIES = 50_000;

/**
 * The systems behind device keys, remembered for a minute per app: every batch would otherwise pay a
 * lookup of its own (on PGlite a fifth of what storing 288 samples costs). Only the identity is kept,
 * never the status or last-seen time, which ingest reads inside its statement. No screen changes a
 * system's key, time zone or interval today; were one to, every node would follow within REMEMBER_MS. Unknown keys are not remembered, so a system that gets its key is heard at once.
 */
export class DeviceIdentities {
  private readonly known = new Map<string, { identity: DeviceIdentity; until: number }>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async find(deviceKey: string): Promise<DeviceIdentity | undefined> {
    const keyHash = hashDeviceKey(deviceKey);
    const remembered = this.known.get(keyHash);
    if (remembered && remembered.until > this.now()) return remembered.identity;
    this.known.delete(keyHash);

    const [identity] = await this.db
      .select({ id: systems.id, sysSn: systems.sysSn, timeZone: systems.timeZone, transFrequency: systems.transFrequency })
      .from(systems)
      .where(eq(systems.deviceKeyHash, keyHash));
    if (!identity) return undefined;
    if (this.known.size >= MAX_ENTRIES) this.known.delete(this.known.keys().next().value!);
    this.known.set(keyHash, { identity, until: this.now() + REMEMBER_MS });
    return identity;
  }
}
