import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The data migration's calls (sysDataMigration: admin, servicer, dasw), registered by server/sysmigration/routes.ts and
 * called by src/features/sysmigration. Their schemas are in contract/sys-migration.ts.
 */

const schemasOf = schemasFrom(() => import('./sys-migration'));
const read = { subject: 'dataMigration', action: 'read' } as const;
const write = { subject: 'dataMigration', action: 'update' } as const;

export const migrationCalls = {
  systems: defineEndpoint({
    path: '/DataMigration/FindSystems',
    permission: read,
    summary: 'Up to 20 systems in scope whose S/N or name contains the text, for the old and new S/N pickers',
    schemas: schemasOf((s) => ({ body: s.systemSearchBody, answer: s.systemChoices })),
  }),
  preview: defineEndpoint({
    path: '/DataMigration/PreviewMigration',
    permission: read,
    summary:
      "What would move from the old S/N to the new one: rows per kind and the old system's first and last sample (2: the same S/N; " +
      '59: already moved; 85: either is being moved; 110: the new system reported before the old one stopped)',
    schemas: schemasOf((s) => ({ body: s.migrationPairBody, answer: s.migrationPreview })),
  }),
  start: defineEndpoint({
    path: '/DataMigration/StartMigration',
    permission: { subject: 'dataMigration', action: 'create' },
    summary:
      "Starts moving the old S/N's history to the new one in the background; both S/Ns answer 85 to writes until it is confirmed or reverted",
    schemas: schemasOf((s) => ({ body: s.migrationPairBody, answer: s.migrationRow })),
  }),
  one: defineEndpoint({
    path: '/DataMigration/GetMigration',
    permission: read,
    summary: 'One migration with its progress per kind',
    schemas: schemasOf((s) => ({ body: s.migrationIdBody, answer: s.migrationRow })),
  }),
  list: defineEndpoint({
    path: '/DataMigration/GetMigrationList',
    permission: read,
    summary: 'The migrations of systems in scope, newest first, with their state, who and when',
    schemas: schemasOf((s) => ({ body: s.migrationListBody, answer: s.migrationPage })),
  }),
  confirm: defineEndpoint({
    path: '/DataMigration/ConfirmMigration',
    permission: write,
    summary: 'Confirms a moved migration: it can no longer be reverted and both S/Ns take writes again (59 once confirmed or reverted)',
    schemas: schemasOf((s) => ({ body: s.migrationIdBody, answer: s.migrationRow })),
  }),
  revert: defineEndpoint({
    path: '/DataMigration/RevertMigration',
    permission: write,
    summary: 'Moves every row back exactly as it was, in the background (until confirmed; 59 once confirmed or reverted)',
    schemas: schemasOf((s) => ({ body: s.migrationIdBody, answer: s.migrationRow })),
  }),
};
