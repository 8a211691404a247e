import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../core/db';
import { mailOutbox, systemFaults, systems, users } from '../core/db/schema';
import type { FaultLevel } from '../../contract/monitoring-constants';
import { declareJob } from '../core/jobs/declaration';
import { subscribersOf, SUBSCRIBING_ROLE } from '../core/mail/fault-routing';
import { systemPageUrl } from '../core/mail/links';
import { queueMails, type QueuedMail } from '../core/mail/outbox';
import { readSettings } from '../core/mail/preferences';
import { mailLanguage } from '../core/mail/texts';
import { faultTitle } from '../../contract/fault-codes';
import { mailTexts } from '../core/mail/texts';
import { createMailer } from '../core/mail/mailer';

/** The outbox category of the daily fault digest (the delivery log shows it beside the single fault mails). */
export const FAULT_DIGEST = 'system_fault_digest';
/** The local hour a digest goes out at, in each engineer's own time zone. */
export const DIGEST_HOUR = 7;
const DAY_MS = 24 * 3_600_000;

function localHour(at: Date, timeZone: string): number {
  try {
    return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
  } catch {
    return at.getUTCHours();
  }
}

/**
 * The daily digests due at `now`: every service engineer who takes fault mails as a digest (OtherRoleUserSetting)
 * and for whom it is DIGEST_HOUR o'clock gets one mail listing the faults of the last 24 hours that one of their
 * subscriptions matches (none: no mail). A digest already queued within the last 20 hours is not queued again,
 * so a repeated run of the hour sends nothing twice.
 */
export async function queueDigests(db: Database, portalUrl: string, now: Date): Promise<number> {
  const engineers = await db
    .select({ id: users.id, email: users.email, languageCode: users.languageCode, timeZone: users.timeZone, roles: users.roles })
    .from(users)
    .where(and(sql`${SUBSCRIBING_ROLE} = ANY(${users.roles})`, eq(users.locked, false), sql`${users.email} <> ''`));
  const staff = await readSettings(
    db,
    engineers.map((e) => e.id),
    'staff',
  );
  const due = engineers.filter((e) => staff.get(e.id)!.faultMailDelivery === 'digest' && localHour(now, e.timeZone) === DIGEST_HOUR);
  if (due.length === 0) return 0;
  const faults = await db
    .select({
      code: systemFaults.code,
      level: systemFaults.level,
      description: systemFaults.description,
      startedAt: systemFaults.startedAt,
      sysSn: systems.sysSn,
      sysName: systems.sysName,
      countryCode: systems.countryCode,
      minv: systems.minv,
    })
    .from(systemFaults)
    .innerJoin(systems, eq(systems.id, systemFaults.systemId))
    .where(and(gte(systemFaults.startedAt, new Date(now.getTime() - DAY_MS)), lt(systemFaults.startedAt, now)))
    .orderBy(systemFaults.startedAt);
  // Who each fault reaches among the digest readers (the same matching as the single mails).
  const byEngineer = new Map<number, typeof faults>();
  for (const fault of faults) {
    for (const reader of await subscribersOf(db, fault, { code: fault.code, level: fault.level as FaultLevel }, 'digest')) {
      if (!due.some((e) => e.id === reader.userId)) continue;
      byEngineer.set(reader.userId!, [...(byEngineer.get(reader.userId!) ?? []), fault]);
    }
  }
  const mails: QueuedMail[] = [];
  for (const engineer of due) {
    const list = byEngineer.get(engineer.id);
    if (!list?.length) continue;
    const address = engineer.email.trim().toLowerCase();
    const [recent] = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.category, FAULT_DIGEST),
          sql`lower(${mailOutbox.recipient}) = ${address}`,
          gte(mailOutbox.createdAt, new Date(now.getTime() - 20 * 3_600_000)),
        ),
      )
      .limit(1);
    if (recent) continue;
    const language = mailLanguage(engineer.languageCode);
    const t = mailTexts(language, 'faultmail');
    const when = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: engineer.timeZone,
    });
    const lines = list.map(
      (f) =>
        `- ${when.format(f.startedAt)} · ${f.sysName} (${f.sysSn}) · ${t(`monitoring:status.${f.level}`)} ${f.code}: ${faultTitle(t, f)}\n  ${systemPageUrl(portalUrl, f.sysSn, engineer.roles)}`,
    );
    mails.push({
      category: FAULT_DIGEST,
      recipient: address,
      language,
      subject: t('faultmail:digest.subject', { count: list.length }),
      body: [
        t('faultmail:digest.greeting'),
        '',
        t('faultmail:digest.intro', { count: list.length }),
        '',
        ...lines,
        '',
        '—',
        t('faultmail:digest.footer'),
      ].join('\n'),
      systemId: null,
    });
  }
  await queueMails(db, mails, now);
  return mails.length;
}

/** Every hour: the digests of the engineers for whom it is DIGEST_HOUR o'clock now. */
export const faultDigestJob = declareJob({
  name: 'faultmail.daily-digest',
  cron: '0 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 120,
  async run(context) {
    const mailer = createMailer(context, context.log);
    const queued = await queueDigests(context.db, mailer.portalUrl, context.clock());
    if (queued > 0) {
      context.log.info({ queued }, 'fault digests queued');
      await mailer.deliver();
    }
  },
});
