import { eq, type SQL } from 'drizzle-orm';
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
 * never the status or last-seen time, which ingest reads inside its statement. A rotated key is forgotten at once on the node that rotated it (forgetKeys), within REMEMBER_MS on the others. Unknown keys are not remembered, so a system that gets its key is heard at once.
 */
export class DeviceIdentities {
  private readonly known = new Map<string, { identity: DeviceIdentity; until: number }>();
  /** Devices on MQTT are known by the S/N the broker checked their key for (server/devices). */
  private readonly knownBySn = new Map<string, { identity: DeviceIdentity; until: number }>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  find(deviceKey: string): Promise<DeviceIdentity | undefined> {
    return this.lookUp(this.known, hashDeviceKey(deviceKey), eq(systems.deviceKeyHash, hashDeviceKey(deviceKey)));
  }

  findBySn(sn: string): Promise<DeviceIdentity | undefined> {
    return this.lookUp(this.knownBySn, sn, eq(systems.sysSn, sn));
  }

  private async lookUp(
    known: Map<string, { identity: DeviceIdentity; until: number }>,
    key: string,
    where: SQL,
  ): Promise<DeviceIdentity | undefined> {
    const remembered = known.get(key);
    if (remembered && remembered.until > this.now()) return remembered.identity;
    known.delete(key);

    const [identity] = await this.db
      .select({ id: systems.id, sysSn: systems.sysSn, timeZone: systems.timeZone, transFrequency: systems.transFrequency })
      .from(systems)
      .where(where);
    if (!identity) return undefined;
    if (known.size >= MAX_ENTRIES) known.delete(known.keys().next().value!);
    known.set(key, { identity, until: this.now() + REMEMBER_MS });
    return identity;
  }

  /** Forgets a system's key at once (it was rotated): the old key must stop working now, not within a minute. */
  forgetKeys(): void {
    this.known.clear();
  }
}
