import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { AssociateSystemBody } from '../../contract/install';
import { applyInstallerDefaults } from '../account/installer-defaults';
import { checkSysSn } from '../account/registration/service';
import type { Actor } from '../core/auth/actor';
import { writeUserLog } from '../core/audit/write';
import { systems } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { systemInScope, systemScope, viewerOf } from '../core/system-scope';
import { customerAccount, type InstallDeps } from './service';

/**
 * Another system for a customer account (associateAdditionalSystem). The rule for 82: the account must be an
 * unlocked customer account that owns at least one system already; a first system comes with registering
 * (/Register with the label, or the invitation an installation mails), so that nobody is given a system on an
 * account that is no customer's. 19 when the system has an owner; 45 for a system outside the caller's scope (which
 * answers like one that does not exist). Partners (installers, resellers) prove they hold the label by its check code
 * and may find the account only by its exact e-mail; staff may pick the system without its check code.
 */

export async function associateSystem(
  deps: InstallDeps,
  actor: Actor,
  body: AssociateSystemBody,
): Promise<{ sys_sn: string; customer: string; systems: number }> {
  const { db } = deps;
  const now = deps.clock();
  const viewer = await viewerOf(db, actor);
  const partner = viewer.roles.every((role) => role === 'installer' || role === 'reseller');
  const sn = (body.sn ?? '').trim();
  if (!sn) throw new ApiError(Code.SN_REQUIRED, undefined, { data: { field: 'sn' } });
  // Within the caller's scope first (an installer gives its own company's systems only): a system outside it answers
  // like one that does not exist, before its label is looked at.
  const target = await systemInScope(db, viewer, sn, now);
  const account = await customerAccount(db, viewer, body.customer);
  const [owned] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(systems)
    .where(eq(systems.customerUserId, account.id));
  if ((owned?.n ?? 0) === 0)
    throw new ApiError(Code.SYSTEM_WITHOUT_USERS, 'The account owns no system yet: it registers its first one itself', {
      data: { field: 'customer' },
    });

  if (partner || (body.check_code ?? '') !== '') {
    // The label's checks of self-registration: 92, 18, 21, 22, 9, 85, and 19 when it has an owner.
    await checkSysSn(db, actor, { sn: target.sysSn, check_code: body.check_code }, now);
  }
  if (target.customerUserId !== null) throw new ApiError(Code.SYSTEM_HAS_USER, undefined, { data: { field: 'sn' } });

  const count = await db.transaction(async (tx) => {
    // Taken only while nobody owns it: of two racing, one gets it and the other 19.
    const claimed = await tx
      .update(systems)
      .set({ customerUserId: account.id })
      .where(and(eq(systems.id, target.id), isNull(systems.customerUserId)))
      .returning({ id: systems.id });
    if (claimed.length === 0) throw new ApiError(Code.SYSTEM_HAS_USER, undefined, { data: { field: 'sn' } });
    await applyInstallerDefaults(tx, { id: target.id, installerCompanyId: target.installerCompanyId }, account.id, now);
    await writeUserLog(
      tx,
      {
        userId: actor.id,
        username: actor.username,
        action: 'system.associated',
        target: target.sysSn,
        ip: actor.address,
        detail: { customer: account.username },
      },
      now,
    );
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(systems)
      .where(eq(systems.customerUserId, account.id));
    return row?.n ?? 0;
  });
  return { sys_sn: target.sysSn, customer: account.username, systems: count };
}

/** Systems in the caller's scope that nobody owns, by part of their S/N: what staff pick from (at most 50). */
export async function unownedSystems(
  deps: InstallDeps,
  actor: Actor,
  keyword: string,
): Promise<Array<{ sys_sn: string; minv: string; city: string; country_code: string }>> {
  const viewer = await viewerOf(deps.db, actor);
  const word = keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  return deps.db
    .select({ sys_sn: systems.sysSn, minv: systems.minv, city: systems.city, country_code: systems.countryCode })
    .from(systems)
    .where(and(isNull(systems.customerUserId), systemScope(viewer, deps.clock()), word ? ilike(systems.sysSn, `%${word}%`) : undefined))
    .orderBy(systems.sysSn)
    .limit(50);
}
