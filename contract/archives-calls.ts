import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The customer-archive and installer-file calls beyond the generated ones, registered by server/archives/routes.ts
 * and server/archives/installers/routes.ts and called by src/features/archives. Their schemas are in
 * contract/archives.ts and contract/installers.ts.
 */

const archives = schemasFrom(() => import('./archives'));
const installers = schemasFrom(() => import('./installers'));
/** Staff only: the roles of the /customerArchives screen (customers and sharers get 45). */
const readArchives = { subject: 'customerArchive', action: 'read' } as const;
const readInstallers = { subject: 'installer', action: 'read' } as const;

export const archiveCalls = {
  clients: defineEndpoint({
    path: '/CustomerArchives/GetClientPageList',
    tag: 'clientList',
    permission: readArchives,
    summary: "The portal's customers with their systems (in the caller's scope) and their archive",
    schemas: archives((s) => ({ body: s.clientListBody, answer: s.clientPage })),
  }),
  complaints: defineEndpoint({
    path: '/CustomerArchives/GetCustomerArchiveComplaints',
    tag: 'customerArchives',
    permission: readArchives,
    summary: "The complaints on an archive's customer's systems, with their status (45 for an archive outside the scope)",
    schemas: archives((s) => ({ body: s.archiveIdBody, answer: s.archiveComplaintList })),
  }),
};

/** A file outside the caller's scope answers 45, as one that does not exist. */
export const installerCalls = {
  scorecards: defineEndpoint({
    path: '/Installer/GetInstallerScorecards',
    tag: 'installerdetail',
    permission: readInstallers,
    summary: "Every installer file in the caller's scope with its scorecard over the last 12 months",
    schemas: installers((s) => ({ body: s.scorecardsBody, answer: s.installerScorecardList })),
  }),
  overview: defineEndpoint({
    path: '/Installer/GetInstallerOverview',
    tag: 'installerdetail',
    permission: readInstallers,
    summary: "One installer file's scorecard, its systems and the complaints on them (45 outside the scope)",
    schemas: installers((s) => ({ body: s.installerIdBody, answer: s.installerOverview })),
  }),
};
