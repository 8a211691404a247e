import { eq } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { Code } from '../../contract/codes';
import { defineAbilityFor, type Action } from '../../permissions/ability';
import { menuDeniedAtLogin } from '../admin/menu-permissions';
import type { Database } from '../core/db';
import { users } from '../core/db/schema';
import type { AuthUser } from '../core/http/auth';
import { ApiError } from '../core/http/envelope';

/**
 * The kinds of export that can be made in the background. Each area declares its own next to
 * its direct export (the same function makes both files), so this area imports none of them: the route that asks
 * for a background file names its kind, the job 'reports.generate' finds it here by name.
 */
export interface ReportKind<P = Record<string, unknown>> {
  /** Stored as the report's kind (and shown, translated, on the generated reports screen). */
  name: string;
  /** What the direct export needs (its route's `config.permission`): checked again when the job runs. */
  permission: { subject: string; action: Action };
  /** The file's name (the direct export's). */
  fileName(params: P): string;
  /**
   * The file, made as the direct export makes it, in the asker's scope (`user`, read when the job runs) and language
   * (`t`). An ApiError (e.g. 8 when there is nothing to export) is a refusal the asker is told about, not retried.
   */
  produce(context: { db: Database; user: AuthUser; t: TFunction; now: Date }, params: P): Promise<Buffer>;
}

const kinds = new Map<string, ReportKind>();

/** Declares a kind (once per name; a second app in the same process declares the same object again). */
export function declareReportKind<P>(kind: ReportKind<P>): ReportKind<P> {
  kinds.set(kind.name, kind as unknown as ReportKind);
  return kind;
}

export function reportKind(name: string): ReportKind | undefined {
  return kinds.get(name);
}

/**
 * The asker as the job sees them now: their roles and the menus an administrator took from them today, not when they
 * asked. A locked or removed user, or one who lost the export's permission, gets 45 (the report fails and says so).
 */
export async function askerNow(db: Database, userId: number | null, permission: ReportKind['permission']): Promise<AuthUser> {
  const [user] = await db
    .select({ id: users.id, username: users.username, roles: users.roles, menuDenied: users.menuDenied, locked: users.locked })
    .from(users)
    .where(eq(users.id, userId ?? 0));
  if (!user || user.locked) throw new ApiError(Code.NO_PERMISSION);
  const menuDenied = await menuDeniedAtLogin(db, user.roles, user.menuDenied ?? []);
  if (!defineAbilityFor(user.roles, menuDenied).can(permission.action, permission.subject)) throw new ApiError(Code.NO_PERMISSION);
  return { id: user.id, username: user.username, roles: user.roles, menuDenied, sessionId: '' };
}
