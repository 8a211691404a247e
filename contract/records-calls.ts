import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The calls about a system's components beside its installation and maintenance records (whose list, detail, save and
 * file calls come from resources/installationRecords.ts and resources/maintenanceRecords.ts). Registered by
 * server/records/routes.ts, called by src/features/records/api.ts; their schemas are in contract/records.ts.
 */

const schemasOf = schemasFrom(() => import('./records'));

export const recordCalls = {
  updateSystemSn: defineEndpoint({
    path: '/ESSMainTain/UpdateSystemSN',
    permission: { subject: 'systemComponent', action: 'update' },
    summary:
      "Replaces one component's S/N in a system in scope (a swapped battery): the new S/N must be in the registry and free " +
      '(25, 61, 18, 21 check code, 22 installed, 85 being moved, 105 banned); the old one is kept in the history and set ' +
      "'banned' until the S/N desk inspects it; 85 while the system is being moved; an installer only within the edit window " +
      'after commissioning (45)',
    schemas: schemasOf((s) => ({ body: s.updateSystemSnBody, answer: s.componentHistoryRow })),
  }),
  componentHistory: defineEndpoint({
    path: '/ESSMainTain/GetComponentHistory',
    permission: { subject: 'systemComponent', action: 'read' },
    summary: 'Every component swapped in a system in scope (or in one of its maintenance records), newest first',
    schemas: schemasOf((s) => ({ body: s.componentHistoryBody, answer: s.componentHistoryAnswer })),
  }),
};
