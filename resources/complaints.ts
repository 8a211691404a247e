import { z } from 'zod';
import { SLA_FILTERS } from '../contract/complaints-constants';
import { COUNTRY_CODES } from '../contract/countryCodes';
import { OVERSEERS, type Role } from '../permissions/roles';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from './attachments';
import { installerArchives } from './installerArchives';
import { rules } from './rules';
import { defineResource, type FieldDeclaration } from './types';
import { defineWorkflow, type TransitionSource, type WorkflowState } from './workflow';

/**
 * The after-sales complaint (spec §3, §4, §5; DESIGN §9): every field of spec §3, and the workflow of DESIGN §9 as
 * data. The server generates its calls from this (server/complaints/ registers them): `/Complaints/<Verb>Complaint`
 * for list, one, save, the file upload and download, each transition and the history. Rows belong to a system
 * (`sys_sn`, scope 'system' of DESIGN §6): customers their own systems, installers, resellers and service partners
 * the systems in their scope, staff every system; a S/N outside the filer's scope answers 45.
 *
 * Listed in resources/index.ts (the route table, the CASL ability and the web's Refine resources know it); its
 * screens are hand-written (src/features/complaints/, registered in src/routing/customScreens.ts), and its calls are
 * registered by server/complaints/ with its hooks, not by the administration's generated ones.
 *
 * Texts (locales/<lng>/complaints.json): a status's staff label is `complaints:customerComplaintList.options.status.<s>`
 * (the engine's convention), its customer label `complaints:customerComplaintList.customerStatus.<s>`
 * (`statusLabelKey`).
 */

export const COMPLAINT_TYPES = ['battery', 'inverter', 'meter', 'monitoring', 'ems', 'app', 'backupBox', 'other'] as const;
export const COMPLAINT_PRIORITIES = ['high', 'normal', 'low'] as const;
export const HANDLING_WAYS = ['visit', 'remote', 'post'] as const;
/** The teams a complaint is transferred to (DESIGN §9): international (fasw), domestic (dasw), R&D (dev). */
export const COMPLAINT_TEAMS = ['international', 'domestic', 'rnd'] as const;
export type ComplaintTeam = (typeof COMPLAINT_TEAMS)[number];
/** The list's message filter: complaints with a message the caller has not read. */
export const MESSAGE_FILTERS = ['unread'] as const;
/** The list filter `outcome` (server/complaints/scorecard-filters.ts): the records behind an installer scorecard figure. */
export const COMPLAINT_OUTCOMES = ['resolved', 'reopened', 'rated'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_STATES = [
  'new',
  'accepted',
  'processing',
  'forwarded',
  'waitingConfirmation',
  'confirmed',
  'notConfirmed',
  'toBeVerified',
  'verifying',
  'verificationCompleted',
  'completed',
  'evaluated',
  'waitingArchive',
  'archived',
  'reopened',
  'rejected',
] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

/** Spec §5: the description holds at most 1024 characters. */
export const DESCRIPTION_MAX = 1024;

// Who acts (DESIGN §9). The overseers may do everything staff may.
/** First line: the servicer and the two after-sales teams take new and reopened complaints. */
export const FIRST_LINE: readonly Role[] = ['servicer', 'fasw', 'dasw', ...OVERSEERS];
/** Whoever handles a complaint once taken: first line and R&D (after a transfer). */
export const HANDLERS: readonly Role[] = ['servicer', 'fasw', 'dasw', 'dev', ...OVERSEERS];
/** The team a transfer names takes it over (server hook: only that team's role, or an overseer). */
export const TEAM_ROLES: Readonly<Record<ComplaintTeam, Role>> = { international: 'fasw', domestic: 'dasw', rnd: 'dev' };
export const TEAM_MEMBERS: readonly Role[] = ['fasw', 'dasw', 'dev', ...OVERSEERS];
/** Archive: the after-sales teams. */
export const ARCHIVERS: readonly Role[] = ['fasw', 'dasw', ...OVERSEERS];
/** The customer side: the owner, and installers, resellers and service partners for systems in their scope. */
export const CUSTOMER_SIDE: readonly Role[] = ['customer', 'installer', 'reseller', 'servicepartner'];

const required = 'admin:validation.required';
/** A required text written in a text area (a reason, a solution, an archive's answers). */
const longText = (): FieldDeclaration => ({ schema: rules.requiredText(1000), widget: 'textarea' });

/** Spec §5's evaluation: three ratings of 1-5 stars and an optional comment. */
function evaluationFields(): Record<string, FieldDeclaration> {
  const rating: FieldDeclaration = {
    schema: z
      .number({ error: required })
      .int('admin:validation.number')
      .min(1, 'admin:validation.number')
      .max(5, 'admin:validation.number'),
    widget: 'rating',
  };
  return {
    rating_solved: rating,
    rating_time: rating,
    rating_attitude: rating,
    evaluation: { schema: rules.optionalText(DESCRIPTION_MAX), widget: 'textarea' },
  };
}

/**
 * Spec §5's archive step: every field is required, the two yes/no answers too (a switch starts at 'no' and sends it).
 * The archive user is the one archiving: the server writes it (server/complaints/service.ts recordArchiver).
 */
function archiveFields(): Record<string, FieldDeclaration> {
  const yesNo: FieldDeclaration = { schema: z.boolean({ error: required }), widget: 'switch', defaultValue: false };
  return {
    root_cause: longText(),
    solution: longText(),
    action: longText(),
    reason: longText(),
    after_sales_solution: longText(),
    archive_remark: longText(),
    visits_count: { schema: rules.integer(0, 1000), widget: 'number' },
    system_model: { schema: rules.requiredText(64) },
    pilot_solution: longText(),
    archive_module: { schema: rules.requiredText(64) },
    archive_class: { schema: rules.requiredText(64) },
    archive_type: { schema: rules.requiredText(64) },
    pilot_detected: yesNo,
    leftover_version_issue: yesNo,
    // Not in spec §5's list but fields of the complaint (spec §3): given where known.
    onsite_handler: { schema: rules.optionalText(64) },
    handling_way: { schema: z.enum(HANDLING_WAYS).optional(), widget: 'select', options: HANDLING_WAYS },
  };
}

const transitions: readonly TransitionSource[] = [
  { action: 'accept', from: ['new', 'reopened'], to: 'accepted', roles: FIRST_LINE, hook: 'assignAccepter' },
  { action: 'reject', from: ['new'], to: 'rejected', roles: FIRST_LINE, fields: () => ({ reason: longText() }) },
  { action: 'process', from: ['accepted', 'notConfirmed'], to: 'processing', roles: HANDLERS },
  {
    action: 'transfer',
    from: ['processing'],
    to: 'forwarded',
    roles: HANDLERS,
    // Spec §5: a transfer target is required.
    fields: () => ({ team: { schema: z.enum(COMPLAINT_TEAMS, { error: required }), widget: 'select', options: COMPLAINT_TEAMS } }),
  },
  { action: 'takeOver', from: ['forwarded'], to: 'processing', roles: TEAM_MEMBERS, hook: 'takeOverByTeam' },
  {
    action: 'proposeSolution',
    from: ['processing'],
    to: 'waitingConfirmation',
    roles: HANDLERS,
    fields: () => ({ solution: longText(), action: longText() }),
  },
  { action: 'confirm', from: ['waitingConfirmation'], to: 'confirmed', roles: CUSTOMER_SIDE },
  { action: 'notConfirm', from: ['waitingConfirmation'], to: 'notConfirmed', roles: CUSTOMER_SIDE, fields: () => ({ reason: longText() }) },
  { action: 'startVerification', from: ['confirmed'], to: 'toBeVerified', roles: HANDLERS },
  { action: 'verify', from: ['toBeVerified'], to: 'verifying', roles: HANDLERS },
  { action: 'finishVerification', from: ['verifying'], to: 'verificationCompleted', roles: HANDLERS },
  { action: 'complete', from: ['confirmed', 'toBeVerified', 'verifying', 'verificationCompleted'], to: 'completed', roles: HANDLERS },
  { action: 'evaluate', from: ['completed'], to: 'evaluated', roles: CUSTOMER_SIDE, fields: evaluationFields },
  { action: 'reEvaluate', from: ['evaluated'], to: 'evaluated', roles: CUSTOMER_SIDE, fields: evaluationFields },
  // Who may archive archives straight away: they are not offered the request too.
  { action: 'submitArchive', from: ['evaluated'], to: 'waitingArchive', roles: HANDLERS, supersededBy: 'archive' },
  // DESIGN §9: archive is refused with 88 unless the complaint is completed or evaluated (or already submitted for it).
  {
    action: 'archive',
    from: ['completed', 'evaluated', 'waitingArchive'],
    to: 'archived',
    roles: ARCHIVERS,
    fields: archiveFields,
    // What the complaint already holds: the dialog starts with it rather than asking staff to type it again.
    prefilled: ['solution', 'action', 'reason', 'system_model'],
    hook: 'recordArchiver',
    refusedCode: 88,
  },
  {
    action: 'reopen',
    from: ['completed', 'evaluated', 'rejected'],
    to: 'reopened',
    roles: CUSTOMER_SIDE,
    fields: () => ({ reason: longText() }),
  },
];

export const complaintWorkflow = defineWorkflow({
  states: {
    new: { category: 'open' },
    accepted: { category: 'open' },
    processing: { category: 'open' },
    forwarded: { category: 'open' },
    waitingConfirmation: { category: 'paused' },
    confirmed: { category: 'open' },
    notConfirmed: { category: 'open', color: 'orange' },
    toBeVerified: { category: 'open' },
    verifying: { category: 'open' },
    verificationCompleted: { category: 'open' },
    completed: { category: 'resolved' },
    evaluated: { category: 'resolved' },
    waitingArchive: { category: 'resolved' },
    archived: { category: 'resolved', color: 'default' },
    reopened: { category: 'open', color: 'orange' },
    rejected: { category: 'resolved', color: 'red' },
  } satisfies Record<ComplaintState, WorkflowState>,
  transitions,
});

/**
 * A transition the customer side takes (confirm, evaluate, reopen …): its note is theirs and public; the note of a
 * staff action is staff's own, never shown to the customer side.
 */
export function isCustomerAction(transition: Pick<TransitionSource, 'roles'>): boolean {
  return !!transition.roles?.some((role) => CUSTOMER_SIDE.includes(role));
}

/** The i18n key of a status's label for its reader: customers (and their side) read their own wording. */
export function statusLabelKey(state: string, audience: 'customer' | 'staff'): string {
  return audience === 'customer'
    ? `complaints:customerComplaintList.customerStatus.${state}`
    : `complaints:customerComplaintList.options.status.${state}`;
}

const shown = { show: true } as const;
const optionalInt = () => z.number().int().nullable().optional();

/** The complaint list call: the list screen's, and the picker's of every field naming a complaint. */
const COMPLAINT_LIST_PATH = '/Complaints/GetComplaintPageList';

export const complaints = defineResource({
  name: 'customerComplaintList',
  entity: 'complaint',
  route: '/customerComplaintList',
  group: 'complaints',
  namespace: 'complaints',
  table: 'complaints',
  scope: { subject: 'system', field: 'sys_sn' },
  endpoints: {
    list: COMPLAINT_LIST_PATH,
    one: '/Complaints/GetComplaint',
    save: '/Complaints/SaveComplaint',
    upload: '/Complaints/UploadComplaintFile',
    download: '/Complaints/DownloadComplaintFile',
  },
  titleField: 'title',
  defaultSort: { field: 'created_at', order: 'desc' },
  fields: () => ({
    title: { schema: rules.requiredText(100), list: true, filter: 'text', form: true },
    description: { schema: rules.requiredText(DESCRIPTION_MAX), widget: 'textarea', form: true, show: true },
    type: {
      schema: z.enum(COMPLAINT_TYPES, { error: required }),
      widget: 'select',
      options: COMPLAINT_TYPES,
      list: true,
      filter: true,
      form: true,
    },
    // The system the complaint is about; fixed once filed (its scope decides who sees the complaint).
    sys_sn: { schema: rules.requiredText(40), list: true, filter: 'text', form: 'create', show: true },
    contact_number: {
      schema: z
        .string()
        .trim()
        .min(6, 'complaints:validation.contactNumber')
        .max(20, 'complaints:validation.contactNumber')
        .or(z.literal(''))
        .optional(),
      form: true,
      show: true,
    },
    // Required when filing, and in an edit at least one of e-mail and contact number (server hook: 3).
    contact_email: {
      schema: z
        .string()
        .trim()
        .max(254, 'admin:validation.tooLong')
        .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,8}$/, 'complaints:validation.email')
        .or(z.literal(''))
        .optional(),
      codes: { invalid: 14 },
      widget: 'email',
      form: true,
      show: true,
    },
    phone: { schema: rules.optionalText(30), form: true, show: true },
    country: {
      schema: z
        .union([z.literal(''), z.enum(COUNTRY_CODES)], { error: 'admin:validation.invalid' })
        .optional()
        .default(''),
      widget: 'country',
      options: COUNTRY_CODES,
      list: true,
      filter: 'select',
      form: true,
    },
    postcode: { schema: rules.optionalText(20), form: true, show: true },
    attachments: attachmentsField({ max: 3, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'documents' }),
    priority: {
      schema: z.enum(COMPLAINT_PRIORITIES).optional().default('normal'),
      widget: 'select',
      options: COMPLAINT_PRIORITIES,
      colors: { high: 'red', low: 'default' },
      list: true,
      filter: true,
      form: true,
      defaultValue: 'normal',
    },
    status: {
      schema: z.enum(COMPLAINT_STATES),
      widget: 'select',
      options: COMPLAINT_STATES,
      list: true,
      filter: true,
      show: true,
      card: 'status',
    },
    // Staff's own record (`internal`): which team has it and who handles it, and the archive step's answers; the
    // customer side reads the status in its own wording and never receives these (server/complaints/visibility.ts).
    team: {
      schema: z.enum(COMPLAINT_TEAMS).nullable(),
      widget: 'select',
      options: COMPLAINT_TEAMS,
      filter: true,
      internal: true,
      ...shown,
    },
    // Staff find a handler's complaints by (part of) the user name (the list's handler filter).
    processor: { schema: z.string().nullable(), list: true, filter: 'text', internal: true, ...shown },
    accepter: { schema: z.string().nullable(), internal: true, ...shown },
    created_by: { schema: z.string(), ...shown },
    created_at: { schema: z.string(), widget: 'datetime', list: true, sortable: true, filter: 'dateRange', width: 170 },
    // Public: the reason of a rejection, a 'not solved' or a reopening, and the solution proposed to the customer.
    reason: { schema: z.string().nullable(), ...shown },
    solution: { schema: z.string().nullable(), ...shown },
    action: { schema: z.string().nullable(), ...shown },
    after_sales_solution: { schema: z.string().nullable(), internal: true, ...shown },
    root_cause: { schema: z.string().nullable(), internal: true, ...shown },
    archive_user: { schema: z.string().nullable(), internal: true, ...shown },
    archive_remark: { schema: z.string().nullable(), internal: true, ...shown },
    pilot_solution: { schema: z.string().nullable(), internal: true, ...shown },
    archive_module: { schema: z.string().nullable(), internal: true, ...shown },
    archive_class: { schema: z.string().nullable(), internal: true, ...shown },
    archive_type: { schema: z.string().nullable(), internal: true, ...shown },
    visits_count: { schema: optionalInt(), widget: 'number', internal: true, ...shown },
    onsite_handler: { schema: z.string().nullable(), internal: true, ...shown },
    handling_way: { schema: z.enum(HANDLING_WAYS).nullable(), widget: 'select', options: HANDLING_WAYS, internal: true, ...shown },
    pilot_detected: { schema: z.boolean().nullable(), widget: 'switch', internal: true, ...shown },
    leftover_version_issue: { schema: z.boolean().nullable(), widget: 'switch', internal: true, ...shown },
    system_model: { schema: z.string().nullable(), ...shown },
    rating_solved: { schema: optionalInt(), widget: 'rating', ...shown },
    rating_time: { schema: optionalInt(), widget: 'rating', ...shown },
    rating_attitude: { schema: optionalInt(), widget: 'rating', ...shown },
    evaluation: { schema: z.string().nullable(), widget: 'textarea', ...shown },
    warranty_start: { schema: z.string().nullable(), widget: 'date', ...shown },
    warranty_end: { schema: z.string().nullable(), widget: 'date', ...shown },
    // Service-level clocks (contract/complaint-clocks.ts): the nearest running clock's due time, and the list filter
    // 'due' / 'overdue' on it (no column: server/complaints/derived.ts reads it).
    due_at: { schema: z.string().nullable(), widget: 'datetime', sortable: true },
    sla: { schema: z.enum(SLA_FILTERS).nullable(), widget: 'select', options: SLA_FILTERS, filter: true },
    // The keyword search over title, description, S/N and every message (no column: server/complaints/search.ts).
    keyword: { schema: z.string().nullable(), filter: 'text' },
    // 'unread': the complaints with a message the caller has not read (no column: server/complaints/message-filter.ts).
    messages: { schema: z.enum(MESSAGE_FILTERS).nullable(), widget: 'select', options: MESSAGE_FILTERS, filter: true },
    // The complaints on one installer company's systems, and those completed / reopened / rated at least once: what an
    // installer scorecard figure counts (no columns: server/complaints/scorecard-filters.ts).
    installer_id: {
      schema: z.number().nullable(),
      filter: 'text',
      relation: { listPath: installerArchives.endpoints.list!, valueField: 'id', labelField: 'name' },
    },
    outcome: { schema: z.enum(COMPLAINT_OUTCOMES).nullable(), widget: 'select', options: COMPLAINT_OUTCOMES, filter: true },
  }),
  workflow: complaintWorkflow,
});

/**
 * A field naming one of the caller's complaints (optional), picked from the complaint list: how other records (R&D
 * hours, product suggestions, handling records) point at the complaint they are about. Each adds where it shows.
 */
export const complaintReference = () =>
  ({
    schema: rules.id().nullable().optional(),
    widget: 'select',
    relation: { listPath: COMPLAINT_LIST_PATH, valueField: 'id', labelField: 'title' },
  }) satisfies FieldDeclaration;
