import { randomBytes } from 'node:crypto';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { CheckInstallSnAnswer, InstallComponent, InstallSystemBody } from '../../contract/install';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/languages';
import { INSTALL_PHOTOS_MIN } from '../../contract/install-constants';
import { installationRecords as installationResource } from '../../resources/installationRecords';
import { applyInstallerDefaults } from '../account/installer-defaults';
import { checkLabel } from '../account/registration/service';
import type { Actor } from '../core/auth/actor';
import { writeUserLog } from '../core/audit/write';
import { isUniqueViolation, type Database } from '../core/db';
import { installationRecords, installerCompanies, snRegistry, systemComponents, systems, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { portalLink, SYSTEM_INVITATION } from '../core/mail/account-mails';
import type { Mailer } from '../core/mail/mailer';
import { queueMails, type QueuedMail } from '../core/mail/outbox';
import { mailTexts } from '../core/mail/texts';
import { viewerOf, type Viewer } from '../core/system-scope';
import { assertAttachable, attachFiles } from '../core/uploads/service';
import { hashDeviceKey } from '../monitoring/ingest/device-keys';

/**
 * Installing a new system on site (installNewSystem): the labels checked against the S/N registry as self-registration
 * checks them (checkLabel), the system, its components (the EMS with its MAC), its installation record
 * (resources/installationRecords.ts: the installer in person, the commissioning day, the site photos uploaded to that
 * record's photos field), the registry's rows 'installed' and the customer's ownership (or the invitation mail) in ONE
 * transaction: anything failing half way leaves nothing (99 for a failure that is no rule of ours). Who the customer is
 * stays the system's owner, or the invitation mail (category system_invitation) while nobody owns it. The device key
 * is made here, stored hashed and answered this once.
 */

export interface InstallDeps {
  db: Database;
  clock: () => Date;
  mailer: Pick<Mailer, 'sendQueued' | 'portalUrl' | 'seal'>;
  log?: { error: (detail: object, message: string) => void };
}

/** Six pairs of hexadecimal digits, separated by ':' or '-' or not at all. */
const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;
/** Where the invitation mail sends the customer: the self-registration page, the label's S/N and check code filled in. */
export const REGISTER_PATH = '/register';

const field = (name: string) => ({ data: { field: name } });

/** Whether the caller's roles are all scoped (partners): they install for their own company only. */
function isPartner(viewer: Viewer): boolean {
  return viewer.roles.every((role) => role === 'installer' || role === 'reseller');
}

/** The installer companies the caller may install for: an installer's own, a reseller's installers, every one for staff. */
export async function installCompaniesOf(
  db: Database,
  actor: Pick<Actor, 'id' | 'roles'>,
): Promise<Array<{ id: number; name: string; country: string }>> {
  const viewer = await viewerOf(db, actor);
  const columns = { id: installerCompanies.id, name: installerCompanies.name, country: installerCompanies.country };
  if (!isPartner(viewer)) return db.select(columns).from(installerCompanies).orderBy(installerCompanies.name);
  const own: ReturnType<typeof eq>[] = [];
  if (viewer.roles.includes('installer') && viewer.installerCompanyId !== null)
    own.push(eq(installerCompanies.id, viewer.installerCompanyId));
  if (viewer.roles.includes('reseller') && viewer.organizationId !== null)
    own.push(eq(installerCompanies.resellerId, viewer.organizationId));
  if (own.length === 0) return [];
  return db
    .select(columns)
    .from(installerCompanies)
    .where(or(...own))
    .orderBy(installerCompanies.name);
}

/**
 * Customer accounts (unlocked users with the customer role) for a keyword: staff search user names, names and
 * e-mails (at most 20); partners get the one account whose e-mail is exactly the keyword, so that nobody outside the
 * portal's staff can list its customers.
 */
export async function findCustomers(
  db: Database,
  actor: Pick<Actor, 'id' | 'roles'>,
  keyword: string,
): Promise<Array<{ id: number; username: string; name: string; email: string; systems: number }>> {
  const viewer = await viewerOf(db, actor);
  const word = keyword.trim();
  const match = isPartner(viewer)
    ? eq(sql`lower(${users.email})`, word.toLowerCase())
    : or(
        ilike(users.username, `%${escapeLike(word)}%`),
        ilike(users.displayName, `%${escapeLike(word)}%`),
        ilike(users.email, `%${escapeLike(word)}%`),
      );
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.displayName,
      email: sql<string>`coalesce(${users.email}, '')`,
      systems: sql<number>`(SELECT count(*) FROM ${systems} WHERE ${systems.customerUserId} = ${users.id})`.mapWith(Number),
    })
    .from(users)
    .where(and(match, eq(users.locked, false), sql`'customer' = ANY(${users.roles})`))
    .orderBy(users.username)
    .limit(20);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The customer account a body names: staff by id or e-mail, partners by exact e-mail only (45 for an id). 82 when it
 * names no unlocked customer account: a system goes to customers only (anyone else registers through the invitation).
 */
export async function customerAccount(
  db: Database,
  viewer: Viewer,
  customer: { userId: number } | { email: string },
): Promise<{ id: number; username: string }> {
  if ('userId' in customer && isPartner(viewer)) throw new ApiError(Code.NO_PERMISSION);
  const where = 'userId' in customer ? eq(users.id, customer.userId) : eq(sql`lower(${users.email})`, customer.email.trim().toLowerCase());
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(where, eq(users.locked, false), sql`'customer' = ANY(${users.roles})`))
    .limit(1);
  if (!user) throw new ApiError(Code.SYSTEM_WITHOUT_USERS, 'The account is no customer account', field('customer'));
  return user;
}

/**
 * One label of the form, as the form checks it while it is filled and the installation checks it again: the system
 * (22 the label of a component, 85 being moved, 52 a system with this S/N exists or the label is installed) or a
 * component of `kind` (2 a label of another kind, 22 built into a system or moving).
 */
export async function checkInstallLabel(
  db: Database,
  actor: Pick<Actor, 'address'>,
  kind: 'system' | InstallComponent['kind'],
  body: { sn?: string; check_code?: string },
  now: Date,
  fields: { sn: string; check_code: string } = { sn: 'sn', check_code: 'check_code' },
): Promise<CheckInstallSnAnswer> {
  const label = await checkLabel(db, actor, body, now, fields);
  const answer = { sn: label.sn, model: label.model, product_type: label.product_type };
  if (kind === 'system') {
    if (label.product_type !== 'system') throw new ApiError(Code.SN_INSTALLED, 'The S/N is a component, not a system', field(fields.sn));
    if (label.state === 'moving') throw new ApiError(Code.SN_MOVING, undefined, field(fields.sn));
    const [existing] = await db
      .select({ id: systems.id })
      .from(systems)
      .where(sql`lower(${systems.sysSn}) = lower(${label.sn})`)
      .limit(1);
    if (existing || label.state === 'installed') throw new ApiError(Code.SN_EXISTS, undefined, field(fields.sn));
    return answer;
  }
  if (label.product_type !== kind)
    throw new ApiError(Code.PARAM_ERROR, `Parameter error: the S/N is a ${label.product_type}, not a ${kind}`, field(fields.sn));
  const [builtIn] = await db
    .select({ id: systemComponents.id })
    .from(systemComponents)
    .where(sql`lower(${systemComponents.sn}) = lower(${label.sn})`)
    .limit(1);
  if (builtIn || label.state === 'installed' || label.state === 'moving')
    throw new ApiError(Code.SN_INSTALLED, undefined, field(fields.sn));
  return answer;
}

function isTimeZone(id: string): boolean {
  return id === 'UTC' || Intl.supportedValuesOf('timeZone').includes(id);
}

/** The company the installation is for (45 one the caller may not install for; 3 staff who name none). */
async function companyFor(db: Database, actor: Actor, chosen: number | undefined): Promise<{ id: number; name: string }> {
  const allowed = await installCompaniesOf(db, actor);
  const viewer = await viewerOf(db, actor);
  if (chosen === undefined) {
    if (isPartner(viewer) && allowed.length === 1) return allowed[0]!;
    throw new ApiError(Code.PARAM_REQUIRED, 'Parameter required: installerCompanyId', field('installerCompanyId'));
  }
  const company = allowed.find((c) => c.id === chosen);
  if (!company) throw new ApiError(Code.NO_PERMISSION);
  return company;
}

/** The rules one can check without the registry: components present, the EMS's MAC (62, 63), capacities, zone, date, photos. */
function checkForm(body: InstallSystemBody, now: Date): { mac: string } {
  const count = (kind: string) => body.components.filter((c) => c.kind === kind).length;
  for (const kind of ['inverter', 'battery', 'ems'] as const) {
    if (count(kind) === 0) throw new ApiError(Code.PARAM_REQUIRED, `Parameter required: a component of kind ${kind}`, field('components'));
  }
  if (count('ems') > 1 || count('meter') > 1)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: one EMS and at most one meter', field('components'));
  const emsIndex = body.components.findIndex((c) => c.kind === 'ems');
  const mac = (body.components[emsIndex]!.mac ?? '').trim();
  if (mac === '') throw new ApiError(Code.MAC_REQUIRED, undefined, field(`components.${emsIndex}.mac`));
  if (!MAC_PATTERN.test(mac)) throw new ApiError(Code.MAC_ILLEGAL, undefined, field(`components.${emsIndex}.mac`));
  const sns = body.components.map((c) => (c.sn ?? '').trim().toUpperCase()).filter(Boolean);
  const twice = sns.findIndex((sn, i) => sns.indexOf(sn) !== i);
  if (twice >= 0) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: the same S/N twice', field(`components.${twice}.sn`));
  if (body.surpluscobat > body.cobat)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: usable capacity above the installed one', field('surpluscobat'));
  if (!isTimeZone(body.timeZone)) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: timeZone', field('timeZone'));
  const day = new Date(`${body.commissionedOn}T00:00:00Z`);
  // A day ahead of UTC is today somewhere; later than that is a typing mistake.
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== body.commissionedOn || day.getTime() > now.getTime() + 86_400_000)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: commissionedOn', field('commissionedOn'));
  if (body.photos.length < INSTALL_PHOTOS_MIN)
    throw new ApiError(Code.PARAM_REQUIRED, `Parameter required: at least ${INSTALL_PHOTOS_MIN} photos`, field('photos'));
  return {
    mac: mac
      .toUpperCase()
      .replace(/[:-]/g, '')
      .replace(/(..)(?!$)/g, '$1:'),
  };
}

/** The invitation to register as the system's owner: a link to /register with the S/N and check code filled in. */
export function invitationMail(
  portalUrl: string,
  to: { address: string; language: Language },
  system: { id: number; sn: string; checkCode: string; installer: string },
): QueuedMail {
  const t = mailTexts(to.language, 'install');
  const link = (checkCode: string) => portalLink(portalUrl, REGISTER_PATH, { sn: system.sn, check_code: checkCode, email: to.address });
  const text = (checkCode: string) =>
    [
      t('mail.greeting'),
      '',
      t('mail.intro', { installer: system.installer, sn: system.sn }),
      '',
      t('mail.link', { link: link(checkCode) }),
      '',
      t('mail.label', { sn: system.sn, checkCode }),
      '',
      '—',
      t('mail.footer'),
    ].join('\n');
  return {
    category: SYSTEM_INVITATION,
    recipient: to.address,
    systemId: system.id,
    language: to.language,
    subject: t('mail.subject', { sn: system.sn }),
    // The check code lets whoever reads it claim the system: the outbox shows it masked (DESIGN §10).
    body: text('******'),
    bodyWithSecrets: text(system.checkCode),
  };
}

/** Installs a system (see above); answers its S/N, its device key (this once) and whom it belongs to or was offered to. */
export async function installSystem(
  deps: InstallDeps,
  actor: Actor,
  body: InstallSystemBody,
): Promise<{ sys_sn: string; device_key: string; customer: string; invited_email: string; installation_record_id: number }> {
  const { db } = deps;
  const now = deps.clock();
  const viewer = await viewerOf(db, actor);
  const company = await companyFor(db, actor, body.installerCompanyId);
  const { mac } = checkForm(body, now);
  const customer = 'inviteEmail' in body.customer ? undefined : await customerAccount(db, viewer, body.customer);
  const invite = 'inviteEmail' in body.customer ? body.customer : undefined;
  if (invite) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, invite.inviteEmail.trim().toLowerCase()))
      .limit(1);
    if (taken)
      throw new ApiError(Code.USER_EXISTS, 'An account with this e-mail exists already: install for that account', field('customer'));
  }
  await assertAttachable(db, { resource: installationResource.name, field: 'photos', ids: body.photos, ownerId: actor.id });
  const label = await checkInstallLabel(db, actor, 'system', body, now);
  const [registryRow] = await db.select({ checkCode: snRegistry.check_code }).from(snRegistry).where(eq(snRegistry.sn, label.sn));
  const parts: Array<InstallComponent & { sn: string; model: string }> = [];
  for (const [i, component] of body.components.entries()) {
    const part = await checkInstallLabel(db, actor, component.kind, component, now, {
      sn: `components.${i}.sn`,
      check_code: `components.${i}.check_code`,
    });
    parts.push({ ...component, sn: part.sn, model: part.model || (component.kind === 'battery' ? body.mbat : body.minv) });
  }

  const [person] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, actor.id));
  const installerPerson = person?.name.trim() || actor.username;
  const deviceKey = randomBytes(24).toString('base64url');
  let recordId = 0;
  const language = invite?.language ?? DEFAULT_LANGUAGE;
  try {
    await db.transaction(async (tx) => {
      const [system] = await tx
        .insert(systems)
        .values({
          sysSn: label.sn,
          sysName: body.sys_name ?? '',
          popv: body.popv,
          minv: body.minv,
          poinv: body.poinv,
          cobat: body.cobat,
          mbat: body.mbat,
          surpluscobat: body.surpluscobat,
          uscapacity: Math.round((body.surpluscobat / body.cobat) * 1000) / 10,
          siteKind: body.site_kind,
          latitude: body.latitude,
          longitude: body.longitude,
          address: body.address,
          postcode: body.postcode,
          city: body.city,
          countryCode: body.country,
          timeZone: body.timeZone,
          installerCompanyId: company.id,
          customerUserId: customer?.id ?? null,
          commissionedOn: body.commissionedOn,
          deviceKeyHash: hashDeviceKey(deviceKey),
          createdAt: now,
        })
        .returning({ id: systems.id });
      await tx.insert(systemComponents).values(
        parts.map((part) => ({
          systemId: system!.id,
          kind: part.kind,
          sn: part.sn,
          model: part.model,
          mac: part.kind === 'ems' ? mac : null,
        })),
      );
      // Only labels still free become installed: one another installation took meanwhile answers 22 (or 52), nothing kept.
      // A unit banned from upgrading stays banned (the registry's one state keeps that mark over 'installed').
      const taken = await tx
        .update(snRegistry)
        .set({ state: sql`CASE WHEN ${snRegistry.state} = 'banned' THEN 'banned' ELSE 'installed' END`, updated_at: now })
        .where(and(inArray(snRegistry.sn, [label.sn, ...parts.map((p) => p.sn)]), inArray(snRegistry.state, ['free', 'banned'])))
        .returning({ sn: snRegistry.sn });
      if (taken.length !== parts.length + 1) throw new ApiError(Code.SN_INSTALLED, 'An S/N was installed meanwhile', field('sn'));
      // The installation record the installer completes on its screen (wiring, checks, acceptance) within its window.
      const [record] = await tx
        .insert(installationRecords)
        .values({
          sys_sn: label.sn,
          installer_person: installerPerson,
          installed_on: body.commissionedOn,
          commissioned_on: body.commissionedOn,
          created_by: actor.username,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: installationRecords.id });
      recordId = record!.id;
      await attachFiles(tx, { resource: installationResource.name, field: 'photos', ids: body.photos, recordId });
      if (customer) await applyInstallerDefaults(tx, { id: system!.id, installerCompanyId: company.id }, customer.id, now);
      if (invite) {
        await queueMails(
          tx,
          [
            invitationMail(
              deps.mailer.portalUrl,
              { address: invite.inviteEmail.trim().toLowerCase(), language },
              { id: system!.id, sn: label.sn, checkCode: registryRow!.checkCode, installer: company.name },
            ),
          ],
          now,
          deps.mailer.seal,
        );
      }
      await writeUserLog(
        tx,
        {
          userId: actor.id,
          username: actor.username,
          action: 'system.installed',
          target: label.sn,
          ip: actor.address,
          detail: { company: company.name, customer: customer?.username ?? null, invited: invite?.inviteEmail ?? null },
        },
        now,
      );
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isUniqueViolation(error)) throw new ApiError(Code.SN_EXISTS, undefined, field('sn'));
    deps.log?.error({ err: error, sn: label.sn }, 'installing a system failed; nothing was kept');
    throw new ApiError(Code.SYSTEM_SETUP_FAILED);
  }
  if (invite) deps.mailer.sendQueued();
  return {
    sys_sn: label.sn,
    device_key: deviceKey,
    customer: customer?.username ?? '',
    invited_email: invite?.inviteEmail.trim().toLowerCase() ?? '',
    installation_record_id: recordId,
  };
}
