import type { Role } from '../permissions/roles';
import { withFieldsOnFirstRead, type FieldDeclaration } from './types';

/**
 * The workflow part of a declaration (DESIGN §3, §9): the states a record passes through and the transitions
 * between them. The server registers one call per transition and writes a history row for each
 * (server/core/crud/workflow.ts); the web shows the state as a tag, the actions the user may take now, a modal for
 * the fields they require and the history timeline (src/resources/workflow/). Like the rest of resources/, it
 * imports nothing of either side.
 *
 * Texts by convention, in the declaration's namespace:
 * - a state's name is the option label of the state field, `<namespace>:<name>.options.<stateField>.<state>`
 *   (the list's filter and the tag read the same text);
 * - an action's button and modal title `<namespace>:<name>.actions.<action>`;
 * - a required field's label `<namespace>:<name>.fields.<field>` (like the declaration's own fields).
 */

/** Open: someone has to act; paused: waiting for the other side (clocks stop); resolved: done, for now. */
export type StateCategory = 'open' | 'paused' | 'resolved';

export interface WorkflowState {
  category: StateCategory;
  /** Its tag's colour (an antd preset, e.g. 'red' for a rejection) where the category's would mislead. */
  color?: string;
}

export interface WorkflowTransition {
  /** The action's name, lowerCamelCase ('accept', 'proposeSolution'): its call is /<Area>/<Action><Noun>. */
  action: string;
  /** The states it may leave from; in any other state the call is refused with `refusedCode`. */
  from: readonly string[];
  to: string;
  /**
   * The CASL action on the declaration's entity the caller must hold (permissions/); defaults to `action`.
   * A role without it is refused with 45 and sees no button.
   */
  permission?: string;
  /**
   * Who holds that action (permissions/ability.ts): these roles, among those who open the screen; default every
   * role that opens it. A hidden menu entry (per-user menu permissions) takes it away with the screen.
   */
  roles?: readonly Role[];
  /**
   * The fields the caller must give, each a declared field (zod schema, widget): the server validates the
   * body with them, the web builds the modal from them. A field that is also a column of the table is written
   * to the record; every given field is kept in the history row.
   */
  fields?: Readonly<Record<string, FieldDeclaration>>;
  /** The name of a server hook (resolved on the server, as `table` is) run in the transaction after the state changed. */
  hook?: string;
  /** The code answered when the record is not in a `from` state (default 400, 'Operation failure'); e.g. 88 for a complaint's archive. */
  refusedCode?: number;
  /** Fields of `fields` the dialog starts with the record's value (what the record already holds, e.g. the solution when archiving). */
  prefilled?: readonly string[];
  /**
   * Another action from the same state that does this and more: a user who may take it is not offered this one (who
   * may archive is not offered 'request archive'). The server still allows both.
   */
  supersededBy?: string;
}

export interface WorkflowDeclaration {
  /** The field (and table column) holding the state; default 'status'. New records get the column's default. */
  stateField?: string;
  states: Readonly<Record<string, WorkflowState>>;
  transitions: readonly WorkflowTransition[];
}

/** A transition as written: the fields it requires built by a function, on first use. */
export type TransitionSource = Omit<WorkflowTransition, 'fields'> & { fields?: () => Readonly<Record<string, FieldDeclaration>> };

/**
 * The workflow, each transition's fields built when first read. The web app reads every transition at start (the
 * CASL ability grants their actions) but a transition's fields only when its dialog opens or its history is shown:
 * their zod rules, built with the declaration, were most of the route table's evaluation, a task of 50-70 ms
 * before the first page. As a declaration's own fields (defineResource).
 */
export function defineWorkflow({
  transitions,
  ...workflow
}: Omit<WorkflowDeclaration, 'transitions'> & { transitions: readonly TransitionSource[] }): WorkflowDeclaration {
  return {
    ...workflow,
    transitions: transitions.map(({ fields, ...transition }) => (fields ? withFieldsOnFirstRead(transition, fields) : transition)),
  };
}

/** The code a transition answers when the record is not (or no longer) in one of its `from` states. */
export const TRANSITION_REFUSED_CODE = 400;

export function stateFieldOf(workflow: WorkflowDeclaration): string {
  return workflow.stateField ?? 'status';
}

export function permissionOf(transition: WorkflowTransition): string {
  return transition.permission ?? transition.action;
}

/** The transitions that leave from `state`. */
export function transitionsFrom(workflow: WorkflowDeclaration, state: unknown): WorkflowTransition[] {
  return workflow.transitions.filter((t) => t.from.includes(String(state)));
}

/**
 * The calls of a workflow, named after the declaration's `one` call ('/Widget/GetWidget': area 'Widget', noun
 * 'Widget'): '/<Area>/<Action><Noun>' per transition ('/Widget/ApproveWidget') and '/<Area>/Get<Noun>History'.
 */
export function workflowPaths(endpoints: { one?: string }): { action: (action: string) => string; history: string } {
  const match = endpoints.one?.match(/^\/([A-Za-z]+)\/Get([A-Za-z]+)$/);
  if (!match) throw new Error(`a workflow needs a 'one' endpoint named /<Area>/Get<Noun> (got '${endpoints.one ?? ''}')`);
  const [, area, noun] = match;
  return {
    action: (action) => `/${area}/${action.charAt(0).toUpperCase()}${action.slice(1)}${noun}`,
    history: `/${area}/Get${noun}History`,
  };
}

/**
 * A declaration error found at start-up (server) or in a test, never by a user: unknown states, duplicate
 * actions, or a state field the save form may write (the state changes only through the transitions).
 */
export function checkWorkflow(name: string, workflow: WorkflowDeclaration, fields: Readonly<Record<string, FieldDeclaration>> = {}): void {
  const stateForm = fields[stateFieldOf(workflow)]?.form;
  if (stateForm === true || stateForm === 'create') throw new Error(`${name}: the workflow's state field is in the save form`);
  const states = new Set(Object.keys(workflow.states));
  const actions = new Set<string>();
  for (const t of workflow.transitions) {
    if (!/^[a-z][A-Za-z]*$/.test(t.action)) throw new Error(`${name}: workflow action '${t.action}' is not lowerCamelCase`);
    if (actions.has(t.action)) throw new Error(`${name}: workflow action '${t.action}' declared twice`);
    actions.add(t.action);
    for (const state of [...t.from, t.to])
      if (!states.has(state)) throw new Error(`${name}: workflow action '${t.action}' names unknown state '${state}'`);
  }
}
