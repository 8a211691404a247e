import { defineEndpoint, schemasFrom } from '../endpoint';

/**
 * langTransManagement's calls (55: the language is missing or not one of en, zh, de, ja), registered by
 * server/admin/translations/routes.ts and called by src/features/admin/api.ts (the overrides by
 * src/resources/translationOverrides.ts as each language loads). Their schemas are in contract/admin/translations.ts.
 */

const schemasOf = schemasFrom(() => import('./translations'));
const tag = 'langTransManagement';

export const translationCalls = {
  overrides: defineEndpoint({
    path: '/Translation/GetOverrides',
    method: 'GET',
    tag,
    permission: 'public',
    summary: 'The translation overrides of one language: { namespace: { key: text } }',
    schemas: schemasOf((s) => ({ body: s.translationOverridesQuery, answer: s.translationOverridesAnswer })),
  }),
  list: defineEndpoint({
    path: '/Translation/GetTranslationPageList',
    tag,
    permission: { subject: 'translation', action: 'read' },
    summary: 'Every translation key with its text in the four languages (paged, filters namespace, key, text)',
    schemas: schemasOf((s) => ({ body: s.translationListBody, answer: s.translationListAnswer })),
  }),
  save: defineEndpoint({
    path: '/Translation/SaveTranslation',
    tag,
    permission: { subject: 'translation', action: 'update' },
    summary: 'Set the text of a key in one language (takes effect at the next page load)',
    schemas: schemasOf((s) => ({ body: s.translationTextBody, answer: s.translationTextAnswer })),
  }),
  add: defineEndpoint({
    path: '/Translation/AddTranslation',
    tag,
    permission: { subject: 'translation', action: 'create' },
    summary: 'Add a new key in one language (40: it exists)',
    schemas: schemasOf((s) => ({ body: s.translationTextBody, answer: s.translationTextAnswer })),
  }),
  reset: defineEndpoint({
    path: '/Translation/ResetTranslation',
    tag,
    permission: { subject: 'translation', action: 'delete' },
    summary: 'Remove the override of a key in one language',
    schemas: schemasOf((s) => ({ body: s.resetTranslationBody, answer: s.resetTranslationAnswer })),
  }),
};
