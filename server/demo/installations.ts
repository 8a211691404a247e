import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../core/db';
import { installerCompanies, systemComponents, systemInstallations, systems, users } from '../core/db/schema';

/**
 * How the demo installer's systems came into the portal (installNewSystem's list): each installed by the demo
 * installer on its commissioning day, for the customer who owns it; the ones nobody owns yet carry an invitation that
 * has not been taken up (the customer has not registered). Installed on site, so the EMS's MAC is on file too.
 */
export async function seedInstallationsDemo(db: Database): Promise<void> {
  const [installer] = await db
    .select({ companyId: users.installerCompanyId, company: installerCompanies.name })
    .from(users)
    .innerJoin(installerCompanies, eq(installerCompanies.id, users.installerCompanyId))
    .where(eq(users.username, 'installer'));
  if (!installer?.companyId) return;
  const rows = await db
    .select({
      id: systems.id,
      sn: systems.sysSn,
      city: systems.city,
      commissionedOn: systems.commissionedOn,
      createdAt: systems.createdAt,
      customer: users.username,
    })
    .from(systems)
    .leftJoin(users, eq(users.id, systems.customerUserId))
    .where(and(eq(systems.installerCompanyId, installer.companyId), isNotNull(systems.commissionedOn)))
    .orderBy(asc(systems.id));
  if (rows.length === 0) return;
  const ems = await db
    .select({ systemId: systemComponents.systemId, sn: systemComponents.sn })
    .from(systemComponents)
    .where(eq(systemComponents.kind, 'ems'));
  const emsOf = new Map(ems.map((e) => [e.systemId, e.sn]));
  await db
    .insert(systemInstallations)
    .values(
      rows.map((row, i) => {
        const day = row.commissionedOn!;
        // A locally administered MAC derived from the EMS's S/N, as the gateways of the demo model are numbered.
        const serial = (emsOf.get(row.id) ?? row.sn).replace(/\D/g, '').padStart(6, '0').slice(-6);
        return {
          system_id: row.id,
          sys_sn: row.sn,
          installer_company_id: installer.companyId,
          installer_company: installer.company,
          installed_by: 'installer',
          customer: row.customer ?? '',
          // The system nobody owns: its owner was invited on the day and has not registered yet.
          invited_email: row.customer ? '' : `owner.${row.sn.toLowerCase()}@mail.example`,
          ems_mac: `02:E5:50:${serial.slice(0, 2)}:${serial.slice(2, 4)}:${serial.slice(4, 6)}`,
          commissioned_on: day,
          created_at: new Date(`${day}T${String(9 + (i % 7)).padStart(2, '0')}:30:00Z`),
        };
      }),
    )
    .onConflictDoNothing();
}
