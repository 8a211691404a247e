import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import { complaints as complaintDeclaration, complaintWorkflow, CUSTOMER_SIDE } from '../../resources/complaints';
import type { Role } from '../../permissions/roles';
import { queryRows, type Database } from '../core/db';
import { complaintMessages, complaints, uploads, users, workflowHistory } from '../core/db/schema';
import type { Storage } from '../core/storage';
import { refreshDueAt } from '../complaints/clock-store';
import { batteryLog, batteryPhotoPng, reportPdf } from './complaint-files';
import { MESSAGE_FILES } from '../complaints/news/service/messages';
import { FILE_ACTION } from '../complaints/history';
import { keepSnapshot } from '../complaints/snapshot';
import { demoMinutes, demoMoment } from './time';
import { DEMO_USERS } from './users';

/**
 * The demo complaints (DESIGN §8): the demo customer's and installer's systems with a complaint in
 * every status, each with the history of the steps that brought it there (by the roles DESIGN §9 names), messages
 * both ways, small real files (a photo, a PDF report, a log), ratings where evaluated, the system snapshot and the
 * clocks' due time — so every complaint screen shows something true at first start. Seeded once, into a database
 * without complaints.
 */

type DemoFile = 'photo' | 'report' | 'log';

interface DemoStep {
  action: string;
  by: Role;
  /** Hours after filing. */
  at: number;
  fields?: Record<string, unknown>;
  note?: string;
}

interface DemoMessage {
  by: Role;
  at: number;
  text: string;
  /** Answers the message before it (a reply) rather than starting a thread (a comment). */
  reply?: boolean;
  file?: DemoFile;
}

interface DemoComplaint {
  title: string;
  description: string;
  type: string;
  priority: 'high' | 'normal' | 'low';
  /** Who files: the customer (their own systems) or the installer (his company's). */
  by: 'customer' | 'installer';
  daysAgo: number;
  files?: DemoFile[];
  steps?: DemoStep[];
  messages?: DemoMessage[];
}

const solution = { solution: 'BMS firmware 3.2.6 heats the cells before charging below 5 °C', action: 'Remote firmware update' };
const rating = (solved: number, time: number, attitude: number, evaluation: string) => ({
  rating_solved: solved,
  rating_time: time,
  rating_attitude: attitude,
  evaluation,
});
const archive = {
  root_cause: 'BMS firmware 3.2.5 blocks charging below 5 °C cell temperature',
  reason: 'Known firmware defect in cold weather',
  after_sales_solution: 'Remote update, no visit needed',
  archive_user: 'fasw',
  archive_remark: 'Charging normal for a week after the update',
  visits_count: 0,
  system_model: 'ESS-H6 Hybrid',
  pilot_solution: 'Firmware 3.2.6 rolled out to the pilot group first',
  archive_module: 'BMS',
  archive_class: 'Firmware',
  archive_type: 'Defect',
  pilot_detected: false,
  leftover_version_issue: true,
  handling_way: 'remote',
  ...solution,
};

/** The first steps most complaints share: accepted by the servicer, processed, a solution proposed, confirmed. */
const solved = (at = 2): DemoStep[] => [
  { action: 'accept', by: 'servicer', at },
  { action: 'process', by: 'servicer', at: at + 1 },
  { action: 'proposeSolution', by: 'servicer', at: at + 20, fields: solution },
  { action: 'confirm', by: 'customer', at: at + 30 },
];

const DEMO_COMPLAINTS: readonly DemoComplaint[] = [
  {
    title: 'Battery stays at 20 % on cold mornings',
    description:
      'Since the frost started the battery does not charge before noon, although the panels produce. The display shows a red bar.',
    type: 'battery',
    priority: 'high',
    by: 'customer',
    daysAgo: 0.2,
    files: ['photo'],
  },
  {
    title: 'App shows no data since the router was replaced',
    description: 'We got a new router on Friday. Since then the app says the system is offline, but the inverter display works.',
    type: 'monitoring',
    priority: 'normal',
    by: 'customer',
    daysAgo: 1.5,
    steps: [{ action: 'accept', by: 'servicer', at: 3 }],
    messages: [
      {
        by: 'servicer',
        at: 3.5,
        text: 'Please check that the gateway cable is plugged into the new router and send us a photo of its lights.',
      },
    ],
  },
  {
    title: 'Inverter beeps at night',
    description: 'The inverter beeps three times every night around 2 am. No fault is shown in the app.',
    type: 'inverter',
    priority: 'low',
    by: 'installer',
    daysAgo: 4,
    steps: [
      { action: 'accept', by: 'fasw', at: 20 },
      { action: 'process', by: 'fasw', at: 22 },
    ],
    messages: [
      { by: 'fasw', at: 23, text: 'Could you send the event log of the last three nights?' },
      { by: 'installer', at: 30, text: 'Here is the log from the service tool.', reply: true, file: 'log' },
    ],
  },
  {
    title: 'Charging stops at 5 °C',
    description: 'The battery blocks charging whenever the garage gets below 5 °C. Log attached.',
    type: 'battery',
    priority: 'high',
    by: 'customer',
    daysAgo: 3,
    files: ['log'],
    steps: [
      { action: 'accept', by: 'servicer', at: 1 },
      { action: 'process', by: 'servicer', at: 2 },
      {
        action: 'transfer',
        by: 'servicer',
        at: 4,
        fields: { team: 'rnd' },
        note: 'Looks like the BMS temperature limit; R&D please check',
      },
    ],
    messages: [
      { by: 'dev', at: 10, text: 'We can reproduce it with firmware 3.2.5 in the climate chamber; a fix is being tested.', file: 'report' },
    ],
  },
  {
    title: 'Meter reads twice the consumption',
    description: 'The house consumption in the portal is about double what the utility meter shows.',
    type: 'meter',
    priority: 'normal',
    by: 'customer',
    daysAgo: 6,
    steps: [
      { action: 'accept', by: 'servicer', at: 5 },
      { action: 'process', by: 'servicer', at: 6 },
      // A German customer's system: the international team's (the domestic one serves the home market, fleet.ts).
      { action: 'transfer', by: 'servicer', at: 8, fields: { team: 'international' } },
      { action: 'takeOver', by: 'fasw', at: 20 },
      {
        action: 'proposeSolution',
        by: 'fasw',
        at: 30,
        fields: { solution: 'The CT clamp was on the wrong phase', action: 'Installer moves the clamp' },
      },
    ],
    messages: [{ by: 'fasw', at: 30.5, text: 'Please let your installer move the current clamp to phase L1, then confirm.' }],
  },
  {
    title: 'Backup box does not switch over',
    description: 'During the power cut on Tuesday the house went dark although the battery was full.',
    type: 'backupBox',
    priority: 'high',
    by: 'customer',
    daysAgo: 9,
    steps: [...solved(1)],
  },
  {
    title: 'PV yield too low since spring',
    description: 'The yield is 30 % below last year on sunny days.',
    type: 'inverter',
    priority: 'normal',
    by: 'installer',
    daysAgo: 12,
    steps: [
      { action: 'accept', by: 'fasw', at: 4 },
      { action: 'process', by: 'fasw', at: 5 },
      {
        action: 'proposeSolution',
        by: 'fasw',
        at: 26,
        fields: { solution: 'String 2 is shaded by the new tree', action: 'Trim the tree' },
      },
      { action: 'notConfirm', by: 'installer', at: 50, fields: { reason: 'The tree is trimmed, the yield is still low' } },
    ],
  },
  {
    title: 'EMS restarts every hour',
    description: 'The EMS gateway reboots every hour; the app shows gaps.',
    type: 'ems',
    priority: 'normal',
    by: 'customer',
    daysAgo: 14,
    steps: [...solved(2), { action: 'startVerification', by: 'servicer', at: 40 }],
  },
  {
    title: 'Battery module warm',
    description: 'Module 2 feels warm to the touch after charging.',
    type: 'battery',
    priority: 'high',
    by: 'customer',
    daysAgo: 16,
    steps: [...solved(1), { action: 'startVerification', by: 'servicer', at: 35 }, { action: 'verify', by: 'servicer', at: 40 }],
  },
  {
    title: 'Export limit not kept',
    description: 'The system feeds in more than the 70 % the grid operator allows.',
    type: 'inverter',
    priority: 'normal',
    by: 'installer',
    daysAgo: 18,
    steps: [
      ...solved(3),
      { action: 'startVerification', by: 'servicer', at: 40 },
      { action: 'verify', by: 'servicer', at: 44 },
      { action: 'finishVerification', by: 'servicer', at: 70 },
    ],
  },
  {
    title: 'Wrong time in the app',
    description: 'The daily curve is shifted by one hour since the clocks changed.',
    type: 'app',
    priority: 'low',
    by: 'customer',
    daysAgo: 21,
    steps: [...solved(6), { action: 'complete', by: 'servicer', at: 48 }],
    messages: [{ by: 'servicer', at: 48.5, text: 'The time zone of your system is corrected. Please rate our service.' }],
  },
  {
    title: 'Battery did not charge after the update',
    description: 'After the automatic update the battery did not charge for two days.',
    type: 'battery',
    priority: 'high',
    by: 'customer',
    daysAgo: 25,
    files: ['photo', 'log'],
    steps: [
      ...solved(1),
      { action: 'complete', by: 'servicer', at: 36 },
      { action: 'evaluate', by: 'customer', at: 60, fields: rating(5, 4, 5, 'Fast and friendly, thank you!') },
    ],
    messages: [
      { by: 'customer', at: 0.5, text: 'The photo shows the display this morning.' },
      { by: 'servicer', at: 1.5, text: 'Thank you, we are checking the update log.', reply: true },
    ],
  },
  {
    title: 'Inverter fault F21 after a thunderstorm',
    description: 'Fault F21 since the thunderstorm; the inverter restarts and stops again.',
    type: 'inverter',
    priority: 'high',
    by: 'installer',
    daysAgo: 30,
    steps: [
      { action: 'accept', by: 'fasw', at: 2 },
      { action: 'process', by: 'fasw', at: 3 },
      { action: 'proposeSolution', by: 'fasw', at: 24, fields: { solution: 'Surge protection replaced', action: 'On-site visit' } },
      { action: 'confirm', by: 'installer', at: 30 },
      { action: 'complete', by: 'fasw', at: 50 },
      { action: 'evaluate', by: 'installer', at: 70, fields: rating(4, 3, 5, 'Good, the visit took a while to arrange') },
      { action: 'submitArchive', by: 'fasw', at: 80 },
    ],
    messages: [{ by: 'fasw', at: 24.5, text: 'Visit report attached.', file: 'report' }],
  },
  {
    title: 'Battery capacity lower than on the label',
    description: 'The app shows 6.2 kWh usable, the data sheet says 6.6 kWh.',
    type: 'battery',
    priority: 'low',
    by: 'customer',
    daysAgo: 40,
    files: ['report'],
    steps: [
      ...solved(10),
      { action: 'complete', by: 'servicer', at: 60 },
      { action: 'evaluate', by: 'customer', at: 90, fields: rating(3, 4, 4, 'Explained well, but I expected more capacity') },
      { action: 'submitArchive', by: 'servicer', at: 100 },
      {
        action: 'archive',
        by: 'fasw',
        at: 120,
        fields: { ...archive, root_cause: 'Usable capacity is 94 % of the nominal one by design' },
      },
    ],
  },
  {
    title: 'Charging stops again',
    description: 'The same problem as last month: the battery does not charge in the cold.',
    type: 'battery',
    priority: 'normal',
    by: 'customer',
    daysAgo: 35,
    steps: [
      ...solved(4),
      { action: 'complete', by: 'servicer', at: 48 },
      { action: 'reopen', by: 'customer', at: 24 * 20, fields: { reason: 'It happened again this morning' } },
    ],
  },
  {
    title: 'Please install a wallbox',
    description: 'Can you install a wallbox for my new car?',
    type: 'other',
    priority: 'low',
    by: 'customer',
    daysAgo: 7,
    steps: [{ action: 'reject', by: 'servicer', at: 5, fields: { reason: 'Not a complaint: please ask your installer for an offer' } }],
  },
];

/** How the filer can be reached: the e-mail and phone of their account, as the complaint form fills them. */
function contactOf(by: DemoComplaint['by']) {
  const user = DEMO_USERS.find((u) => u.username === by)!;
  return { contact_email: user.email, contact_number: user.phone };
}

const transitionOf = (action: string) => complaintWorkflow.transitions.find((t) => t.action === action)!;

async function storeFile(
  db: Database,
  storage: Storage,
  file: DemoFile,
  { ownerId, resource, recordId, sn, at }: { ownerId: number | null; resource: string; recordId: number; sn: string; at: Date },
): Promise<void> {
  const made = {
    photo: { name: 'battery-display.png', mime: 'image/png', bytes: batteryPhotoPng() },
    report: {
      name: 'service-report.pdf',
      mime: 'application/pdf',
      bytes: reportPdf(['Service report', `System ${sn}`, `Date ${at.toISOString().slice(0, 10)}`, solution.solution]),
    },
    log: { name: 'bms.log', mime: 'text/plain', bytes: batteryLog(sn, at) },
  }[file];
  const stored = await storage.put(Readable.from([made.bytes]));
  await db.insert(uploads).values({
    ownerId,
    resource,
    field: 'attachments',
    storageKey: stored.key,
    originalName: made.name,
    mime: made.mime,
    size: stored.size,
    sha256: stored.sha256,
    createdAt: at,
    recordId,
  });
}

/** The demo complaints, unless the database has complaints already; `now` is the demo's present. */
export async function seedComplaintsDemo(db: Database, { now, storage }: { now: Date; storage: Storage }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(complaints);
  if (Number(existing?.n ?? 0) > 0) return;
  const people = await db.select({ id: users.id, username: users.username }).from(users);
  const userId = new Map(people.map((u) => [u.username, u.id]));
  const systemsOf = async (where: ReturnType<typeof sql>) =>
    queryRows<{ sys_sn: string; country_code: string; minv: string }>(
      db,
      sql`SELECT sys_sn, country_code, minv FROM systems WHERE ${where} ORDER BY sys_sn`,
    );
  const filers = {
    customer: await systemsOf(sql`customer_user_id = ${userId.get('customer') ?? null}`),
    installer: await systemsOf(sql`installer_company_id = (SELECT installer_company_id FROM users WHERE username = 'installer')`),
  };
  const ids: number[] = [];

  for (const [i, demo] of DEMO_COMPLAINTS.entries()) {
    const systems = filers[demo.by];
    if (systems.length === 0) continue;
    const system = systems[i % systems.length]!;
    // Filed and handled at times of day of their own (each step some minutes after the plan's hour).
    const filedAt = demoMoment(now, demo.daysAgo, `complaint:${i}`);
    const hoursLater = (hours: number) =>
      new Date(Math.min(filedAt.getTime() + hours * 3_600_000 + demoMinutes(`complaint:${i}:${hours}`), now.getTime() - 60_000));
    const [row] = await db
      .insert(complaints)
      .values({
        title: demo.title,
        description: demo.description,
        type: demo.type,
        priority: demo.priority,
        sys_sn: system.sys_sn,
        country: system.country_code,
        system_model: system.minv,
        created_by: demo.by,
        created_at: filedAt,
        updated_at: filedAt,
        ...contactOf(demo.by),
      })
      .returning({ id: complaints.id });
    const id = row!.id;
    ids.push(id);
    await keepSnapshot(db, id, system.sys_sn, filedAt);
    // Filing is the history's first entry, as the save call writes it (history.ts).
    await db.insert(workflowHistory).values({
      entity: complaintDeclaration.name,
      recordId: id,
      action: FILE_ACTION,
      fromState: 'new',
      toState: 'new',
      userId: userId.get(demo.by) ?? null,
      username: demo.by,
      createdAt: filedAt,
    });

    // The steps as the workflow calls take them: each from a state it may leave, its fields written, a history row.
    let state = 'new';
    let updatedAt = filedAt;
    for (const step of demo.steps ?? []) {
      const transition = transitionOf(step.action);
      if (!transition.from.includes(state)) throw new Error(`demo complaint '${demo.title}': ${step.action} is not possible in ${state}`);
      const at = hoursLater(step.at);
      const values: Record<string, unknown> = { status: transition.to, updated_at: at, ...step.fields };
      if (step.action === 'accept') Object.assign(values, { accepter: step.by, processor: step.by });
      if (step.action === 'takeOver') values.processor = step.by;
      await db.update(complaints).set(values).where(eq(complaints.id, id));
      await db.insert(workflowHistory).values({
        entity: complaintDeclaration.name,
        recordId: id,
        action: step.action,
        fromState: state,
        toState: transition.to,
        userId: userId.get(step.by) ?? null,
        username: step.by,
        note: step.note ?? null,
        fields: step.fields ?? null,
        createdAt: at,
      });
      state = transition.to;
      updatedAt = at;
    }
    await db.update(complaints).set({ updated_at: updatedAt }).where(eq(complaints.id, id));

    for (const file of demo.files ?? []) {
      await storeFile(db, storage, file, {
        ownerId: userId.get(demo.by) ?? null,
        resource: complaintDeclaration.name,
        recordId: id,
        sn: system.sys_sn,
        at: filedAt,
      });
    }
    let previous: number | null = null;
    for (const message of demo.messages ?? []) {
      const at = hoursLater(message.at);
      const [saved]: { id: number }[] = await db
        .insert(complaintMessages)
        .values({
          complaintId: id,
          kind: message.reply && previous ? 'reply' : 'comment',
          replyTo: message.reply ? previous : null,
          authorId: userId.get(message.by) ?? null,
          author: message.by,
          authorSide: (CUSTOMER_SIDE as readonly string[]).includes(message.by) ? 'customer' : 'staff',
          content: message.text,
          createdAt: at,
        })
        .returning({ id: complaintMessages.id });
      previous = saved!.id;
      if (message.file)
        await storeFile(db, storage, message.file, {
          ownerId: userId.get(message.by) ?? null,
          resource: MESSAGE_FILES,
          recordId: saved!.id,
          sn: system.sys_sn,
          at,
        });
    }
  }
  await refreshDueAt(db, ids, now);
}
