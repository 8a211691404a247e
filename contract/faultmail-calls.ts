import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * Fault mail subscriptions' calls (sysErrorEmailNotification, servicer only), registered by server/faultmail/routes.ts
 * and called by src/features/faultmail/api.ts. Their schemas are in contract/faultmail.ts. Every row they read or write
 * is the caller's own.
 */

const schemasOf = schemasFrom(() => import('./faultmail'));
const read = { subject: 'faultSubscription', action: 'read' } as const;
const write = { subject: 'faultSubscription', action: 'update' } as const;

export const faultMailCalls = {
  subscriptions: defineEndpoint({
    path: '/FaultMail/GetMySubscriptions',
    permission: read,
    summary: "The caller's fault mail subscriptions",
    schemas: schemasOf((s) => ({ body: s.noBody, answer: s.subscriptionListAnswer })),
  }),
  options: defineEndpoint({
    path: '/FaultMail/GetSubscriptionOptions',
    permission: read,
    summary: "What a subscription may name: the fleet's countries and models, the fault codes reported so far",
    schemas: schemasOf((s) => ({ body: s.noBody, answer: s.subscriptionOptionsAnswer })),
  }),
  save: defineEndpoint({
    path: '/FaultMail/SaveSubscription',
    permission: write,
    summary: "Add a subscription (no id) or change one of the caller's (id); 83 when the same one exists, 45 for another's id",
    schemas: schemasOf((s) => ({ body: s.subscriptionBody, answer: s.subscriptionSaved })),
  }),
  remove: defineEndpoint({
    path: '/FaultMail/DeleteSubscription',
    permission: write,
    summary: "Delete one of the caller's subscriptions (45 for another's id)",
    schemas: schemasOf((s) => ({ body: s.subscriptionIdBody, answer: s.subscriptionDeleted })),
  }),
  log: defineEndpoint({
    path: '/FaultMail/GetDeliveryLog',
    permission: read,
    summary: 'The fault mails sent to the caller (single and digest), newest first: sent, waiting (and why) or failed',
    schemas: schemasOf((s) => ({ body: s.deliveryLogBody, answer: s.deliveryLogAnswer })),
  }),
};
