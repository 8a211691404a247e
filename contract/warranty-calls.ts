import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The warranty (spec §7 Warranty), registered by server/warranty/routes.ts and called by src/features/warranty; their
 * schemas are in contract/warranty.ts. The delivery note's upload and its file (/Warranty/UploadDelivery,
 * /Warranty/GetDelivery) are the attachments calls of resources/warrantyDelivery.ts.
 */

const schemasOf = schemasFrom(() => import('./warranty'));

export const warrantyCalls = {
  get: defineEndpoint({
    path: '/Warranty/GetWarranty',
    permission: { subject: 'warranty', action: 'read' },
    summary:
      "One system's warranty (in scope, else 45): its start, each component's term, end and state, the battery's throughput " +
      'used and allowed, the extensions and the delivery note; 87 when no terms were set',
    schemas: schemasOf((s) => ({ body: s.warrantySnBody, answer: s.warrantyAnswer })),
  }),
  list: defineEndpoint({
    path: '/Warranty/GetWarrantyPageList',
    permission: { subject: 'systemSummary', action: 'read' },
    summary:
      'The fleet list for staff: the systems in scope with warranty terms, their ends and state; by S/N, model, installer and ' +
      'state (under warranty, expiring within N days, expired), sorted by any column',
    schemas: schemasOf((s) => ({ body: s.warrantyListBody, answer: s.warrantyPage })),
  }),
  save: defineEndpoint({
    path: '/Warranty/SaveSystemwarranty',
    permission: { subject: 'warranty', action: 'update' },
    summary:
      "Sets a system's terms (after-sales staff): start at delivery (its date required, 3) or commissioning, the inverter's years, " +
      "the battery's years and MWh, whether the battery admits extensions, the delivery note (an upload id)",
    schemas: schemasOf((s) => ({ body: s.saveSystemWarrantyBody, answer: s.warrantyAnswer })),
  }),
  redeem: defineEndpoint({
    path: '/Warranty/UpdateWarranty',
    permission: { subject: 'warrantyKey', action: 'update' },
    summary:
      'Extends a component of a system in scope by a CDKEY: 75 not found, 76 not an inverter key, 77 not a battery key, 78 used, ' +
      "79 voided, 80 expired, 81 the battery's terms admit no extension, 87 no terms, 94 the battery's warranty has ended; " +
      '92 after 5 wrong keys within a minute by the user or from the address',
    schemas: schemasOf((s) => ({ body: s.redeemKeyBody, answer: s.warrantyAnswer })),
  }),
  keyList: defineEndpoint({
    path: '/Warranty/GetWarrantyKeyList',
    permission: { subject: 'warrantyKey', action: 'read' },
    summary:
      'The CDKEYs issued so far (after-sales staff), newest first: each with its terms, state, last day, who issued it, and the ' +
      'system it extended once used; by a part of the code or note, kind and state (expired: unused past its day)',
    schemas: schemasOf((s) => ({ body: s.warrantyKeyListBody, answer: s.warrantyKeyPage })),
  }),
  keys: defineEndpoint({
    path: '/Warranty/SaveWarrantyData',
    permission: { subject: 'warrantyKey', action: 'create' },
    summary:
      "Issues CDKEYs (after-sales staff: a kind, years, the battery's MWh, how many, the last day to redeem them) or voids one " +
      '(75 unknown, 78 already used); answers the keys made or changed',
    schemas: schemasOf((s) => ({ body: s.warrantyDataBody, answer: s.warrantyKeysAnswer })),
  }),
};
