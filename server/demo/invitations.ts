import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '../../contract/languages';
import type { Database } from '../core/db';
import { installerCompanies, mailOutbox, snRegistry, systems, users } from '../core/db/schema';
import { SYSTEM_INVITATION } from '../core/mail/account-mails';
import { DEFAULT_PORTAL_URL } from '../core/mail/links';
import { invitationMail } from '../install/service';

/**
 * The open invitations of the demo installer: a system of their company that nobody owns was installed for an owner
 * who was invited on its commissioning day and has not registered yet. Who was invited is that mail (category
 * system_invitation, naming the system), as installing a system leaves it (server/install/service.ts); the mail went
 * out then, so only its masked text is kept (no sealed copy with the check code).
 */
export async function seedInvitationsDemo(db: Database, { portalUrl = DEFAULT_PORTAL_URL }: { portalUrl?: string } = {}): Promise<void> {
  const [installer] = await db
    .select({ companyId: users.installerCompanyId, company: installerCompanies.name })
    .from(users)
    .innerJoin(installerCompanies, eq(installerCompanies.id, users.installerCompanyId))
    .where(eq(users.username, 'installer'));
  if (!installer?.companyId) return;
  const unowned = await db
    .select({ id: systems.id, sn: systems.sysSn, commissionedOn: systems.commissionedOn, checkCode: snRegistry.check_code })
    .from(systems)
    .leftJoin(snRegistry, eq(snRegistry.sn, systems.sysSn))
    .where(and(eq(systems.installerCompanyId, installer.companyId), isNull(systems.customerUserId), isNotNull(systems.commissionedOn)))
    .orderBy(asc(systems.id));
  for (const system of unowned) {
    const [sent] = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.systemId, system.id), eq(mailOutbox.category, SYSTEM_INVITATION)))
      .limit(1);
    if (sent) continue;
    const { category, recipient, language, subject, body, systemId } = invitationMail(
      portalUrl,
      { address: `owner.${system.sn.toLowerCase()}@mail.example`, language: DEFAULT_LANGUAGE },
      { id: system.id, sn: system.sn, checkCode: system.checkCode ?? '', installer: installer.company },
    );
    const at = new Date(`${system.commissionedOn}T16:10:00Z`);
    await db
      .insert(mailOutbox)
      .values({ category, recipient, language, subject, body, systemId, createdAt: at, nextAttemptAt: at, sentAt: at, attempts: 1 });
  }
}
