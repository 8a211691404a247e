import type { Database } from '../core/db';
import type { Storage } from '../core/storage';
import { seedDemo } from './users';
import { seedMonitoringDemo, type MonitoringSeedOptions } from './monitoring/seed';
import { seedAdminDemo } from './admin';
import { seedFaultMailDemo, seedFaultMailHistory } from './faultmail';
import { seedComplaintsDemo } from './complaints';
import { seedSuggestionsDemo } from './suggestions';
import { seedWorkHoursDemo } from './workhours';
import { seedMailingsDemo } from './mailings';
import { seedMessagesDemo } from './messages';
import { seedArchivesDemo } from './archives';
import { seedInstallerFilesDemo } from './installer-files';
import { seedDevicesDemo } from './devices';
import { seedRecordsDemo } from './records';
import { seedWarrantyDemo } from './warranty';
import { seedSysMigrationDemo } from './sysmigration';
import { seedInvitationsDemo } from './invitations';

export interface DemoWorldOptions {
  password: string;
  now: Date;
  storage: Storage;
  portalUrl?: string;
  /** The fleet's history: the first start of a portal gives each system its life from commissioning (the default). */
  monitoring?: Pick<MonitoringSeedOptions, 'days' | 'lifetime' | 'size'>;
}

/**
 * The whole demo, in the order its parts build on each other: what `npm start` seeds into an empty database
 * (server/boot.ts), and what the test of the demo world (tests/api/demo/world.test.ts) walks.
 */
export async function seedDemoWorld(
  db: Database,
  { password, now, storage, portalUrl, monitoring = { lifetime: true } }: DemoWorldOptions,
) {
  await seedDemo(db, { password, now });
  // Each system's life from its commissioning: early years as rollups, the recent weeks as raw samples.
  await seedMonitoringDemo(db, { password, now, ...monitoring });
  // The servicer's fault mail subscriptions and the demo users' preferences, before the fault mails are queued.
  await seedFaultMailDemo(db, { now });
  // Licenses, S/Ns of the fleet, e-mail rules (after the fleet: it registers the fleet's S/Ns).
  await seedAdminDemo(db, { now, portalUrl });
  await seedFaultMailHistory(db, { now });
  // Complaints in every status on the demo customer's and installer's systems, with their files (in storage).
  await seedComplaintsDemo(db, { now, storage });
  // The demo installer companies' files (contact, licence from licence management, …); their scorecards come from
  // the fleet and complaints. Before the customer archives, which name each customer's installer as its file does.
  await seedInstallerFilesDemo(db);
  // A dozen customer archives with their visit, phone, mail and processing records (one with a file).
  await seedArchivesDemo(db, { now, storage });
  // Four weeks of R&D hours of the engineers, and product suggestions in every status with their history.
  await seedWorkHoursDemo(db, { now });
  await seedSuggestionsDemo(db, { now });
  // The monthly energy report and the weekly fleet digest with their past runs, and a few generated reports.
  await seedMailingsDemo(db, { now, storage, portalUrl });
  // Published messages (firmware release, tariff change, planned outage as a public notice), some read; one scheduled.
  await seedMessagesDemo(db, { now });
  // A past data migration: the Freiburg house's system of 2020, replaced, its history moved to the new S/N and confirmed
  // (before the device channel's past, whose batch reached every German system, the old one too).
  await seedSysMigrationDemo(db, { now });
  // The device channel's past: a batch that capped the German systems' export, a service engineer's commands.
  await seedDevicesDemo(db, { now });
  // Most systems' installation records, visits and remote interventions (some answering the complaints above), and a
  // battery swapped on a visit (after the S/N registry, whose free stock it takes the module from).
  await seedRecordsDemo(db, { now });
  // Every system's warranty from its commissioning, a few extended by keys, two ending soon, one ended; issued keys.
  await seedWarrantyDemo(db, { now });
  // The demo installer's system nobody owns yet: its owner's invitation to register, still open.
  await seedInvitationsDemo(db, { portalUrl });
}
