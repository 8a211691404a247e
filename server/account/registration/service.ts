import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from '../../../contract/languages';
import type { CheckSysSnAnswer, RegisterBody } from '../../../contract/registration';
import { SN_PATTERN } from '../../../resources/snManagement';
import type { Caller } from '../../core/auth/actor';
import { writeUserLog } from '../../core/audit/write';
import { hashPassword } from '../../core/auth/passwords';
import type { Database } from '../../core/db';
import { registrationCodes, registrations, snRegistry, systems, users } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { registrationCodeMail } from '../../core/mail/account-mails';
import type { Mailer } from '../../core/mail/mailer';
import { queueMails } from '../../core/mail/outbox';
import { agreementFor } from '../agreement';
import { assertNotStaffDisplayName, assertUsernameFree } from '../confusables';
import { nameSkeleton } from '../../core/auth/name-skeleton';
import { isCityOf, isStateOf } from '../../reference/service';
import { applyInstallerDefaults, startingTimeZone } from '../installer-defaults';
import { assertNotGuessing, recordWrongEntry, type WrongEntryLimit } from '../wrong-entries';

/**
 * Self-registration (spec §7 Account: CheckSysSn, Register): a home owner proves they hold the system by
 * the S/N and the check code on its label and their address by a mailed code; the new customer owns the system.
 */

/** CONTRACT.md: how the verification codes and the S/N check of /Register are limited. */
export const REGISTRATION_LIMIT = {
  /** A mailed code works this long … */
  codeTtlMs: 15 * 60_000,
  /** … and for this many wrong entries, then it is spent (53 for every further try). */
  codeTries: 5,
  /** Another code for the same address or from the same client before this is too fast (15). */
  resendMs: 60_000,
  /** Codes per address and per client address in 24 hours (16 beyond). */
  perEmailPerDay: 5,
  perIpPerDay: 20,
  /** Wrong S/N check codes (or unknown S/Ns) per S/N and per client address in this window … */
  checkWindowMs: 5 * 60_000,
  /** … beyond which the S/N check answers 92 until the window has passed. */
  checkFailsPerSn: 5,
  checkFailsPerIp: 10,
} as const;

const DAY_MS = 86_400_000;
const LANGUAGE_CODES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', de: 'de-DE', ja: 'ja-JP' };

function hashCode(email: string, code: string): string {
  return createHash('sha256').update(`register:${email}:${code}`).digest('hex');
}

function isTimeZone(id: string): boolean {
  if (id === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return Intl.supportedValuesOf('timeZone').includes(id);
  } catch {
    return false;
  }
}

/** A unique index refused the row: which one says whether the name (50) or the address (37) was taken meanwhile. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}

/** What sendCode needs beside the caller, the body and the time. */
export interface SendCodeDeps {
  db: Database;
  mailer: Pick<Mailer, 'sendQueued' | 'portalUrl' | 'seal'>;
  /**
   * Without a mail server no code could ever arrive: the server's log then tells it, so that registration can be
   * tried on a demo (README). Never given when SMTP_URL is set.
   */
  announceCode?: (email: string, code: string) => void;
}

/**
 * The system a label names, if a new customer may claim it: 25 no S/N, 61 not an S/N, 92 too many wrong tries,
 * 18 unknown, 21 wrong check code, 22 the S/N of a component built into a system, 9 no system (yet) for it,
 * 85 being moved, 19 already owned.
 */
export async function checkSysSn(
  db: Database,
  caller: Caller,
  body: { sn?: string; check_code?: string },
  now: Date,
): Promise<CheckSysSnAnswer & { systemId: number; installerCompanyId: number | null }> {
  const label = await checkLabel(db, caller, body, now);
  if (label.product_type !== 'system') {
    // A battery's or an inverter's label: the owner registers the system it is part of.
    if (label.state === 'installed') throw new ApiError(Code.SN_INSTALLED, undefined, { data: { field: 'sn' } });
    throw new ApiError(Code.NO_SYSTEM_FOR_SN, undefined, { data: { field: 'sn' } });
  }
  if (label.state === 'moving') throw new ApiError(Code.SN_MOVING, undefined, { data: { field: 'sn' } });
  const [system] = await db
    .select({
      id: systems.id,
      sn: systems.sysSn,
      model: systems.minv,
      countryCode: systems.countryCode,
      timeZone: systems.timeZone,
      installerCompanyId: systems.installerCompanyId,
      owner: systems.customerUserId,
    })
    .from(systems)
    .where(sql`lower(${systems.sysSn}) = lower(${label.sn})`)
    .limit(1);
  // Not commissioned yet: nothing has reported under this S/N, there is nothing to watch.
  if (!system) throw new ApiError(Code.NO_SYSTEM_FOR_SN, undefined, { data: { field: 'sn' } });
  if (system.owner !== null) throw new ApiError(Code.SYSTEM_HAS_USER, undefined, { data: { field: 'sn' } });
  return {
    systemId: system.id,
    installerCompanyId: system.installerCompanyId,
    sn: system.sn,
    model: system.model,
    countryCode: system.countryCode,
    // The zone the form starts with: the one the system's installer chose for their customers, else the system's.
    timeZone: await startingTimeZone(db, system),
  };
}

/**
 * The S/N registry's row for a label whose S/N and check code match (any case): 25 no S/N, 61 not an S/N, 92 too many
 * wrong tries for the S/N or from the client, 18 unknown, 21 wrong or no check code (both counted as wrong tries). What
 * the label may be used for (a system to claim, one to install, a component) is the caller's to check. `field` names the
 * form's fields in the answer (a component's S/N in an installation form is not `sn`).
 */
export async function checkLabel(
  db: Database,
  caller: Pick<Caller, 'address'>,
  body: { sn?: string; check_code?: string },
  now: Date,
  field: { sn: string; check_code: string } = { sn: 'sn', check_code: 'check_code' },
): Promise<typeof snRegistry.$inferSelect> {
  const ip = caller.address;
  const sn = (body.sn ?? '').trim().toUpperCase();
  if (!sn) throw new ApiError(Code.SN_REQUIRED, undefined, { data: { field: field.sn } });
  if (!SN_PATTERN.test(sn)) throw new ApiError(Code.SN_ERROR, undefined, { data: { field: field.sn } });
  await assertNotGuessing(db, SN_CHECK, sn, ip, now, field.check_code);
  const [label] = await db
    .select()
    .from(snRegistry)
    .where(sql`lower(${snRegistry.sn}) = lower(${sn})`)
    .limit(1);
  if (!label) {
    await recordWrongEntry(db, SN_CHECK, sn, ip, now);
    throw new ApiError(Code.SN_NOT_FOUND, undefined, { data: { field: field.sn } });
  }
  const checkCode = (body.check_code ?? '').trim().toUpperCase();
  if (checkCode === '' || checkCode !== label.check_code.toUpperCase()) {
    await recordWrongEntry(db, SN_CHECK, sn, ip, now);
    throw new ApiError(Code.SN_CHECK_CODE_WRONG, undefined, { data: { field: field.check_code } });
  }
  return label;
}

/**
 * Mails a six-digit code to the address: 37 when an account has it already, 15 within a minute of the last code
 * for the address or from the client, 16 past the day's codes for either.
 */
export async function sendCode(
  deps: SendCodeDeps,
  caller: Caller,
  body: { email: string; language?: string },
  now: Date,
): Promise<{ expiresInSeconds: number; resendInSeconds: number }> {
  const { db } = deps;
  const ip = caller.address;
  const email = body.email.trim().toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (taken) throw new ApiError(Code.USER_EXISTS, 'An account with this e-mail exists already', { data: { field: 'email' } });
  // Rows older than a day count for nothing any more.
  await db
    .delete(registrationCodes)
    .where(and(lt(registrationCodes.createdAt, new Date(now.getTime() - DAY_MS)), isNull(registrationCodes.usedAt)));
  const byEmail = eq(registrationCodes.email, email);
  const byIp = eq(registrationCodes.ip, ip);
  const [row] = await db
    .select({
      emailCount: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
      ipCount: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
      last: sql<Date | null>`max(${registrationCodes.createdAt})`.mapWith(registrationCodes.createdAt),
    })
    .from(registrationCodes)
    .where(and(gt(registrationCodes.createdAt, new Date(now.getTime() - DAY_MS)), or(byEmail, byIp)));
  if (row?.last && now.getTime() - row.last.getTime() < REGISTRATION_LIMIT.resendMs) throw new ApiError(Code.TOO_FAST);
  if ((row?.emailCount ?? 0) >= REGISTRATION_LIMIT.perEmailPerDay || (row?.ipCount ?? 0) >= REGISTRATION_LIMIT.perIpPerDay) {
    throw new ApiError(Code.DAILY_LIMIT);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const language = normalizeLanguage(body.language) ?? DEFAULT_LANGUAGE;
  const mail = registrationCodeMail({ address: email, language, name: '' }, code, REGISTRATION_LIMIT.codeTtlMs / 60_000);
  // The code and its mail commit together; the outbox keeps the code only sealed (DESIGN §10).
  await db.transaction(async (tx) => {
    await tx.insert(registrationCodes).values({
      email,
      codeHash: hashCode(email, code),
      ip,
      expiresAt: new Date(now.getTime() + REGISTRATION_LIMIT.codeTtlMs),
      createdAt: now,
    });
    await queueMails(tx, [mail], now, deps.mailer.seal);
  });
  deps.mailer.sendQueued();
  deps.announceCode?.(email, code);
  return { expiresInSeconds: REGISTRATION_LIMIT.codeTtlMs / 1000, resendInSeconds: REGISTRATION_LIMIT.resendMs / 1000 };
}

/**
 * Creates the customer and gives them the system, all in one transaction: 50 name taken (or one that looks the same,
 * server/core/auth/name-skeleton.ts), 37 address taken or a staff member's display name, the
 * S/N check's codes, 53 no valid code for the address, 2 a state, city or time zone that is none. Answers the
 * user id; the caller logs them in.
 */
export async function register(
  db: Database,
  caller: Caller,
  body: RegisterBody,
  now: Date,
): Promise<{ userId: number; username: string; sn: string }> {
  const ip = caller.address;
  const email = body.email.trim().toLowerCase();
  const username = body.username.trim();
  const state = (body.state ?? '').trim().toUpperCase();
  const city = (body.city ?? '').trim();
  const chosenZone = body.timeZone?.trim() || undefined;
  if (chosenZone !== undefined && !isTimeZone(chosenZone))
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: timeZone', { data: { field: 'timeZone' } });
  if (!(await isStateOf(body.country, state))) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: state', { data: { field: 'state' } });
  if (!(await isCityOf(body.country, state, city)))
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: city', { data: { field: 'city' } });
  await assertUsernameFree(db, username);
  await assertNotStaffDisplayName(db, body.name, 'name');
  const [emailTaken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (emailTaken) throw new ApiError(Code.USER_EXISTS, 'An account with this e-mail exists already', { data: { field: 'email' } });
  const system = await checkSysSn(db, caller, { sn: body.sn, check_code: body.check_code }, now);
  const codeId = await verifyCode(db, email, (body.code ?? '').trim(), now);
  const passwordHash = await hashPassword(body.password);
  const language = normalizeLanguage(body.language) ?? DEFAULT_LANGUAGE;
  const agreement = agreementFor(language);
  try {
    const userId = await db.transaction(async (tx) => {
      // Spent first: of two registrations racing with one code, one wins and the other gets 53.
      const spent = await tx
        .update(registrationCodes)
        .set({ usedAt: now })
        .where(and(eq(registrationCodes.id, codeId), isNull(registrationCodes.usedAt)))
        .returning({ id: registrationCodes.id });
      if (spent.length === 0) throw new ApiError(Code.VERIFICATION_CODE_REQUIRED, undefined, { data: { field: 'code' } });
      const [user] = await tx
        .insert(users)
        .values({
          username,
          usernameSkeleton: nameSkeleton(username),
          passwordHash,
          displayName: body.name.trim(),
          email,
          country: body.country,
          // The person's own choice; without one, the zone CheckSysSn offered (the installer's, else the system's).
          timeZone: chosenZone ?? system.timeZone,
          languageCode: LANGUAGE_CODES[language],
          roles: ['customer'],
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      // Taken only while nobody owns it: of two people racing for one label, one gets it and the other 19.
      const claimed = await tx
        .update(systems)
        .set({ customerUserId: user!.id })
        .where(and(eq(systems.id, system.systemId), isNull(systems.customerUserId)))
        .returning({ id: systems.id });
      if (claimed.length === 0) throw new ApiError(Code.SYSTEM_HAS_USER, undefined, { data: { field: 'sn' } });
      await applyInstallerDefaults(tx, { id: system.systemId, installerCompanyId: system.installerCompanyId }, user!.id, now);
      await tx.insert(registrations).values({
        userId: user!.id,
        systemId: system.systemId,
        sysSn: system.sn,
        state,
        city,
        agreementTitle: agreement.title,
        agreementLanguage: language,
        agreementAcceptedAt: now,
        ip,
        createdAt: now,
      });
      await writeUserLog(tx, { userId: user!.id, username, action: 'register', target: system.sn, ip, detail: { sn: system.sn } }, now);
      return user!.id;
    });
    return { userId, username, sn: system.sn };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    if (constraint.includes('email'))
      throw new ApiError(Code.USER_EXISTS, 'An account with this e-mail exists already', { data: { field: 'email' } });
    throw new ApiError(Code.USERNAME_EXISTS, undefined, { data: { field: 'username' } });
  }
}

/** The id of the address's newest live code if `code` is it; a wrong code counts a try (53 either way). */
async function verifyCode(db: Database, email: string, code: string, now: Date): Promise<number> {
  const refuse = () => new ApiError(Code.VERIFICATION_CODE_REQUIRED, undefined, { data: { field: 'code' } });
  const [live] = await db
    .select()
    .from(registrationCodes)
    .where(
      and(
        eq(registrationCodes.email, email),
        isNull(registrationCodes.usedAt),
        gt(registrationCodes.expiresAt, now),
        lt(registrationCodes.failedAttempts, REGISTRATION_LIMIT.codeTries),
      ),
    )
    .orderBy(desc(registrationCodes.createdAt), desc(registrationCodes.id))
    .limit(1);
  if (!live) throw refuse();
  if (code === '' || live.codeHash !== hashCode(email, code)) {
    await db
      .update(registrationCodes)
      .set({ failedAttempts: sql`${registrationCodes.failedAttempts} + 1` })
      .where(eq(registrationCodes.id, live.id));
    throw refuse();
  }
  return live.id;
}

/** The S/N check's wrong entries: per S/N and per client address (./wrong-entries.ts). */
const SN_CHECK: WrongEntryLimit = {
  purpose: 'snCheck',
  windowMs: REGISTRATION_LIMIT.checkWindowMs,
  perTarget: REGISTRATION_LIMIT.checkFailsPerSn,
  perIp: REGISTRATION_LIMIT.checkFailsPerIp,
};
