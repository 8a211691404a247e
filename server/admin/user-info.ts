import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userInfoSettings } from '../../resources/userInfoSettings';
import { formFields } from '../../resources/types';
import { profileAnswer } from '../../contract/admin/profile';
import { Code } from '../../contract/codes';
import type { AppDeps } from '../config';
import { writeAudit } from '../core/crud/audit';
import { isUniqueViolation } from '../core/db';
import { users } from '../core/db/schema';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';
import { declaredFieldsBody } from '../core/http/validation';
import { assertEmailFree } from './users';

type UserRow = typeof users.$inferSelect;

/** The profile form's fields (14: e-mail format, the declaration's code). */
const profileBody = declaredFieldsBody(userInfoSettings.fields, formFields(userInfoSettings, 'edit'));

function present(user: UserRow) {
  return {
    username: user.username,
    display_name: user.displayName,
    email: user.email,
    phone: user.phone,
    country: user.country,
    company: user.company,
    language_code: user.languageCode,
    time_zone: user.timeZone,
    roles: user.roles,
  };
}

/** userInfoSettings: every role edits their own profile (14: e-mail format, 37: the address is another user's). */
export function registerUserInfo(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const load = async (id: number) => {
    const [user] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new ApiError(Code.USER_NOT_FOUND);
    return user;
  };

  app.post(userInfoSettings.endpoints.one!, {
    config: { permission: { subject: 'profile', action: 'read' } },
    schema: { tags: ['userInfoSettings'], summary: "The caller's own profile", response: { 200: envelopeOf(profileAnswer) } },
    handler: async (request) => ok(present(await load(request.user.id))),
  });

  app.post(userInfoSettings.endpoints.save!, {
    config: { permission: { subject: 'profile', action: 'read' } },
    schema: { tags: ['userInfoSettings'], summary: "Save the caller's own profile", body: profileBody, response: { 200: envelopeOf(profileAnswer) } },
    handler: async (request) => {
      const values = request.body;
      const before = await load(request.user.id);
      const now = deps.clock();
      const set = {
        displayName: String(values.display_name),
        email: String(values.email),
        phone: String(values.phone ?? ''),
        country: String(values.country ?? ''),
        company: String(values.company ?? ''),
        languageCode: String(values.language_code),
        timeZone: String(values.time_zone),
        updatedAt: now,
      };
      await assertEmailFree(deps.db, set.email, request.user.id);
      const after = await deps.db
        .transaction(async (tx) => {
          const db = tx;
          const [row] = await db.update(users).set(set).where(eq(users.id, request.user.id)).returning();
          await writeAudit(db, request, now, {
            action: 'userInfoSettings.update',
            target: `userManagement:${request.user.id}`,
            before: present(before),
            after: present(row!),
          });
          return row!;
        })
        .catch((error: unknown) => {
          // Another user took the address between the check and the write (the unique index).
          if (isUniqueViolation(error)) throw new ApiError(Code.USER_EXISTS, undefined, { data: { field: 'email' } });
          throw error;
        });
      return ok(present(after));
    },
  });
}
