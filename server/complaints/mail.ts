import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '../../contract/languages';
import { TEAM_ROLES, type ComplaintTeam } from '../../resources/complaints';
import type { Row } from '../core/crud/factory';
import type { Database } from '../core/db';
import { complaintMessages, systems, users } from '../core/db/schema';
import type { QueuedMail } from '../core/mail/outbox';
import { recipientsFor } from '../core/mail/recipients';
import { mailLanguage, mailTexts } from '../core/mail/texts';
import { displayNames } from './visibility';

/**
 * The complaint mails (DESIGN §9): a new complaint goes to its handlers by the e-mail delivery
 * rules of COMPLAINT_NEW; a message, a transfer, an urge, a proposed solution and a completion go to the person
 * who must act next, in their language, with a link to the complaint. Texts: locales/<lng>/mail.json `complaint`.
 * Each function answers the mails; the caller queues them in its own transaction.
 */

/** The delivery-rule category of a new complaint (admins name its recipients on the e-mail rules screen). */
export const COMPLAINT_NEW = 'complaint_new';
/** The category of the mails to whoever acts next (no rule: the complaint names them). */
export const COMPLAINT_UPDATE = 'complaint_update';

/** The complaint's page (the detail page of the complaint screens, spec §2: `customercomplaintId`). */
export function complaintPageUrl(portalUrl: string, id: number): string {
  return `${portalUrl.replace(/\/$/, '')}/customerComplaintList/attachmentDetails?customercomplaintId=${id}`;
}

interface Person {
  address: string;
  language: Language;
  /** The name the mail greets (the display name, else the user name); none for a rule's plain address. */
  name?: string;
  /** The portal user's name, for telling who is who; none for a rule's plain address. */
  username?: string;
}

type MailEvent = 'new' | 'message' | 'transfer' | 'urge' | 'accept' | 'reject' | 'proposeSolution' | 'complete';

/** One mail per person about `event`, `lines` being what it says beyond the intro (already in the person's language). */
function compose(
  people: readonly Person[],
  complaint: Row,
  event: MailEvent,
  portalUrl: string,
  vars: Record<string, string>,
  lines: (t: ReturnType<typeof mailTexts>) => string[] = () => [],
): QueuedMail[] {
  const all = { id: String(complaint.id), title: String(complaint.title), sn: String(complaint.sys_sn), ...vars };
  return people.map(({ address, language, name }) => {
    const t = mailTexts(language);
    const body = [
      name ? t('account.greeting', { name }) : t('account.greetingPlain'),
      '',
      t(`complaint.intro.${event}`, all),
      ...lines(t),
      '',
      t('complaint.open', { link: complaintPageUrl(portalUrl, Number(complaint.id)) }),
      '',
      '—',
      t(event === 'new' ? 'complaint.footerRule' : 'complaint.footer'),
    ].join('\n');
    return {
      category: event === 'new' ? COMPLAINT_NEW : COMPLAINT_UPDATE,
      recipient: address,
      language,
      subject: t(`complaint.subject.${event}`, all),
      body,
      systemId: null,
    };
  });
}

/** A portal user as a mail's recipient: greeted by their display name (people read names, not user ids). */
function personOf(row: { username: string; displayName: string; email: string; languageCode: string | null }): Person {
  return {
    address: row.email.trim().toLowerCase(),
    language: mailLanguage(row.languageCode),
    name: row.displayName.trim() || row.username,
    username: row.username,
  };
}

/** The display name of a portal user, for a mail naming them (the user name when they have none or left). */
async function nameOf(db: Database, username: string): Promise<string> {
  return (await displayNames(db, [username])).get(username) ?? username;
}

/** The portal users with these names who can be mailed (unlocked, with an address). */
async function usersNamed(db: Database, names: readonly (string | null | undefined)[]): Promise<Person[]> {
  const wanted = names.filter((name): name is string => !!name);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ username: users.username, displayName: users.displayName, email: users.email, languageCode: users.languageCode })
    .from(users)
    .where(and(inArray(users.username, wanted), eq(users.locked, false), sql`${users.email} <> ''`));
  return rows.map(personOf);
}

/** The members of a team (DESIGN §9: fasw, dasw, dev) who can be mailed. */
async function teamMembers(db: Database, team: ComplaintTeam): Promise<Person[]> {
  const rows = await db
    .select({ username: users.username, displayName: users.displayName, email: users.email, languageCode: users.languageCode })
    .from(users)
    .where(and(sql`${TEAM_ROLES[team]} = ANY(${users.roles})`, eq(users.locked, false), sql`${users.email} <> ''`));
  return rows.map(personOf);
}

/** Who handles new complaints about this complaint's system by the delivery rules of COMPLAINT_NEW. */
async function firstLine(db: Database, complaint: Row, now: Date): Promise<Person[]> {
  const [system] = await db
    .select()
    .from(systems)
    .where(eq(systems.sysSn, String(complaint.sys_sn)))
    .limit(1);
  if (!system) return [];
  return (await recipientsFor(db, COMPLAINT_NEW, system, now)).map(({ address, language }) => ({ address, language }));
}

/** The customer side's person: the complaint's filer. */
const filer = (db: Database, complaint: Row) => usersNamed(db, [complaint.created_by as string]);

/** The staff side's person: the handler, or before one took it, those who take new complaints. */
async function handler(db: Database, complaint: Row, now: Date): Promise<Person[]> {
  const named = await usersNamed(db, [complaint.processor as string | null]);
  return complaint.processor ? named : firstLine(db, complaint, now);
}

/** A complaint was filed: to its handlers by the delivery rules. */
export async function newComplaintMails(db: Database, complaint: Row, portalUrl: string, now: Date): Promise<QueuedMail[]> {
  const user = await nameOf(db, String(complaint.created_by));
  return compose(await firstLine(db, complaint, now), complaint, 'new', portalUrl, { user }, (t) => [
    '',
    `${t('complaint.description')}: ${String(complaint.description)}`,
  ]);
}

/** A comment or reply: to the other side (staff wrote: the filer; the customer side wrote: the handler). */
export async function messageMails(
  db: Database,
  complaint: Row,
  message: typeof complaintMessages.$inferSelect,
  portalUrl: string,
  now: Date,
): Promise<QueuedMail[]> {
  const people = message.authorSide === 'staff' ? await filer(db, complaint) : await handler(db, complaint, now);
  const others = people.filter((person) => person.username !== message.author);
  const user = await nameOf(db, message.author);
  return compose(others, complaint, 'message', portalUrl, { user }, () => ['', message.content]);
}

/** An urge from the customer side: to the handler. */
export async function urgeMails(db: Database, complaint: Row, urgedBy: string, portalUrl: string, now: Date): Promise<QueuedMail[]> {
  return compose(await handler(db, complaint, now), complaint, 'urge', portalUrl, { user: await nameOf(db, urgedBy) });
}

/**
 * A workflow step that hands the complaint on or answers the filer: a transfer to the named team; an acceptance, a
 * rejection (with its reason; the filer may reopen), a proposed solution (to confirm) and a completion (to evaluate)
 * to the filer. Other steps mail nobody.
 */
export async function transitionMails(
  db: Database,
  action: string,
  complaint: Row,
  actor: string,
  portalUrl: string,
): Promise<QueuedMail[]> {
  const vars = { user: await nameOf(db, actor) };
  if (action === 'transfer') return compose(await teamMembers(db, complaint.team as ComplaintTeam), complaint, 'transfer', portalUrl, vars);
  if (action === 'accept') return compose(await filer(db, complaint), complaint, 'accept', portalUrl, vars);
  if (action === 'reject')
    return compose(await filer(db, complaint), complaint, 'reject', portalUrl, vars, (t) => [
      '',
      `${t('complaint.reason')}: ${String(complaint.reason)}`,
    ]);
  if (action === 'proposeSolution')
    return compose(await filer(db, complaint), complaint, 'proposeSolution', portalUrl, vars, (t) => [
      '',
      `${t('complaint.solution')}: ${String(complaint.solution)}`,
      `${t('complaint.action')}: ${String(complaint.action)}`,
    ]);
  if (action === 'complete') return compose(await filer(db, complaint), complaint, 'complete', portalUrl, vars);
  return [];
}
