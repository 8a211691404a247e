import { z } from 'zod';
import type { Role } from '../permissions/roles';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from './attachments';
import { COMPLAINT_TYPES, complaintReference } from './complaints';
import { rules } from './rules';
import { defineResource } from './types';
import { defineWorkflow } from './workflow';

/**
 * Product suggestions (DESIGN §9): anyone logged in but sharers submits one; staff move it
 * submitted → under review → accepted / rejected (reason) → implemented (version); admin and systemmanager delete.
 * Rows belong to their submitter (row scope 'owner' on `submitter_id`): customers and partners read their own,
 * staff every one. The complaint or system it came from must be in the submitter's scope (45 otherwise,
 * server/suggestions/service.ts). Calls `/ProductSuggestion/<Verb>ProductSuggestion`, generated from this.
 */

export const SUGGESTION_STATES = ['submitted', 'underReview', 'accepted', 'rejected', 'implemented'] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];

/** DESIGN §9: who reviews suggestions (the after-sales and R&D staff, and the overseers). */
export const SUGGESTION_REVIEWERS: readonly Role[] = ['servicer', 'dev', 'fasw', 'dasw', 'admin', 'systemmanager'];
export const SUGGESTION_DELETERS: readonly Role[] = ['admin', 'systemmanager'];

export const suggestionWorkflow = defineWorkflow({
  states: {
    submitted: { category: 'open' },
    underReview: { category: 'open' },
    accepted: { category: 'open', color: 'green' },
    rejected: { category: 'resolved', color: 'red' },
    implemented: { category: 'resolved' },
  },
  transitions: [
    { action: 'review', from: ['submitted'], to: 'underReview', roles: SUGGESTION_REVIEWERS },
    { action: 'accept', from: ['underReview'], to: 'accepted', roles: SUGGESTION_REVIEWERS },
    {
      action: 'reject',
      from: ['submitted', 'underReview'],
      to: 'rejected',
      roles: SUGGESTION_REVIEWERS,
      fields: () => ({ reason: { schema: rules.requiredText(1000), widget: 'textarea' } }),
    },
    {
      action: 'implement',
      from: ['accepted'],
      to: 'implemented',
      roles: SUGGESTION_REVIEWERS,
      fields: () => ({ version: { schema: rules.requiredText(40) } }),
    },
  ],
});

const shown = { show: true } as const;

export const productSuggestions = defineResource({
  name: 'productRecommendationsList',
  entity: 'productSuggestion',
  route: '/productRecommendationsList',
  group: 'complaints',
  namespace: 'suggestions',
  table: 'productSuggestions',
  scope: { subject: 'productSuggestion', field: 'submitter_id' },
  endpoints: {
    list: '/ProductSuggestion/GetProductSuggestionPageList',
    one: '/ProductSuggestion/GetProductSuggestion',
    save: '/ProductSuggestion/SaveProductSuggestion',
    delete: '/ProductSuggestion/DeleteProductSuggestion',
    upload: '/ProductSuggestion/UploadProductSuggestionFile',
    download: '/ProductSuggestion/DownloadProductSuggestionFile',
  },
  titleField: 'title',
  defaultSort: { field: 'created_at', order: 'desc' },
  fields: () => ({
    title: { schema: rules.requiredText(100), list: true, form: true },
    description: { schema: rules.requiredText(2000), widget: 'textarea', form: true, show: true },
    product_type: {
      schema: z.enum(COMPLAINT_TYPES, { error: 'admin:validation.required' }),
      widget: 'select',
      options: COMPLAINT_TYPES,
      list: true,
      filter: true,
      form: true,
    },
    // Where it came from (optional): a complaint or a system in the submitter's scope.
    complaint_id: {
      ...complaintReference(),
      form: true,
      show: true,
    },
    sys_sn: { schema: rules.optionalText(40), form: true, show: true },
    attachments: attachmentsField({ max: 3, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'documents' }),
    status: {
      schema: z.enum(SUGGESTION_STATES),
      widget: 'select',
      options: SUGGESTION_STATES,
      list: true,
      filter: true,
      show: true,
      card: 'status',
    },
    reason: { schema: z.string().nullable(), ...shown },
    version: { schema: z.string().nullable(), list: true, ...shown },
    submitter: { schema: z.string(), list: true, ...shown },
    created_at: { schema: z.string(), widget: 'datetime', list: true, sortable: true, filter: 'dateRange', width: 170 },
    // The keyword search over title and description (no column: server/suggestions/service.ts).
    keyword: { schema: z.string().nullable(), filter: 'text' },
  }),
  workflow: suggestionWorkflow,
});
