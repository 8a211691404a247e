import type { Role } from './roles';

/**
 * Subjects that are parts of an entity rather than screens, and who holds which action on them (DESIGN §6,
 * writes column). The route table (routes.ts) opens screens and the calls behind them; these rules narrow what
 * a role may do with a system it can see. Both the web app (which edit controls it shows) and the server
 * (config.permission of the call) read them through the CASL ability (ability.ts).
 *
 * Row rules stay with the caller: a customer acts on the cost of a system only when they own it.
 */
export const ENTITY_SUBJECTS = ['systemRemark', 'systemCost', 'systemShareRecipients'] as const;
export type EntitySubject = (typeof ENTITY_SUBJECTS)[number];
export type EntityAction = 'read' | 'update';

/** Our own staff who manage systems (service, system management, domestic after-sales). */
export const SYSTEM_MANAGERS: readonly Role[] = ['admin', 'servicer', 'systemmanager', 'dasw'];
/** The portal operator's own staff; installers, resellers, service partners, VPP managers and suppliers are partners. */
export const OWN_STAFF: readonly Role[] = ['admin', 'servicer', 'dev', 'systemmanager', 'fasw', 'dasw', 'sncreator'];

export interface EntityRule {
  action: EntityAction;
  subject: EntitySubject;
  roles: readonly Role[];
}

export const ENTITY_RULES: readonly EntityRule[] = [
  // The remark is the note staff keep on a system (access, contacts, history): those who manage it write it.
  { action: 'update', subject: 'systemRemark', roles: SYSTEM_MANAGERS },
  // What the system cost is the owner's figure for their payback (row rule: their own system only).
  { action: 'update', subject: 'systemCost', roles: ['customer'] },
  // In a system's user log: the cost to our staff (and the owner), whom it was shared with to those who manage it.
  { action: 'read', subject: 'systemCost', roles: OWN_STAFF },
  { action: 'read', subject: 'systemShareRecipients', roles: SYSTEM_MANAGERS },
];

export function isEntitySubject(key: string): key is EntitySubject {
  return (ENTITY_SUBJECTS as readonly string[]).includes(key);
}
