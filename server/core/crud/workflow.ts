import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../../resources/types';
import { endpointsOf } from '../../../resources/endpoints';
import {
  checkWorkflow,
  stateFieldOf,
  TRANSITION_REFUSED_CODE,
  type WorkflowDeclaration,
  type WorkflowTransition,
} from '../../../resources/workflow';
import { Code, type ResponseCode } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import type { Database } from '../db';
import { workflowHistory } from '../db/schema';
import type { Actor } from '../auth/actor';
import { registerEndpoint } from '../http/endpoint';
import { ApiError } from '../http/envelope';
import { writeAudit } from './audit';
import type { CrudService, Row } from './factory';

export interface WorkflowHookContext {
  actor: Actor;
  /** The transaction of the transition: a hook's writes commit or roll back with it. */
  db: Database;
  now: Date;
  transition: WorkflowTransition;
  from: string;
  /** The record after the state changed (table properties). */
  record: Row;
  /** The transition's fields as validated. */
  fields: Row;
  note?: string;
  /** Runs `work` once the transition's transaction has committed (a mail sent for a step that stood). */
  afterCommit(work: () => void): void;
}

/** A transition's server-side work beyond the state change (notify, assign, check another table); throw ApiError to refuse. */
export type WorkflowHook = (ctx: WorkflowHookContext) => Promise<void> | void;

/**
 * Workflow hooks by the name a transition gives in `hook` (resources/ names them; the server resolves them), and
 * under AFTER_EVERY_TRANSITION one that runs after every transition's history row, in its transaction (to rewrite
 * what is derived from the history, e.g. a complaint's due time).
 */
export type WorkflowHooks = Readonly<Record<string, WorkflowHook>>;
export const AFTER_EVERY_TRANSITION = '*';

interface WorkflowOptions {
  declaration: ResourceDeclaration & { workflow: WorkflowDeclaration };
  table: PgTable;
  /** The resource's CRUD service: its columns, id rule, presentation and row scope. */
  service: CrudService;
  hooks?: WorkflowHooks;
}

/**
 * Registers the calls of a declared workflow (resources/workflow.ts):
 * - per transition `/<Area>/<Action><Noun>` with `{ id, ...fields, note? }`: the caller's CASL action on the
 *   declaration's entity (45), the body by the transition's field rules (3 / 2 / the field's code), then one
 *   transaction that locks the record, and moves it only if it is still in a `from` state — of two people
 *   acting at once one wins, the other is refused with the transition's code and nothing changes — followed
 *   by the hook, the history row and the audit row;
 * - `/<Area>/Get<Noun>History` with `{ id }`: the record's transitions, oldest first.
 * Both see only rows in the caller's scope: a record outside it answers 45.
 */
export async function registerWorkflow(
  app: FastifyInstance,
  deps: AppDeps,
  { declaration, table, service, hooks = {} }: WorkflowOptions,
): Promise<void> {
  const { workflow } = declaration;
  checkWorkflow(declaration.name, workflow, declaration.fields);
  const engine = new WorkflowEngine(deps, declaration, table, service);
  // The service's declaration, the very object the other calls were built from (`declaration` is a copy of it).
  const calls = endpointsOf(service.declaration);
  const afterEvery = hooks[AFTER_EVERY_TRANSITION];
  for (const transition of workflow.transitions) {
    const hook = transition.hook === undefined ? undefined : hooks[transition.hook];
    if (transition.hook !== undefined && !hook)
      throw new Error(`${declaration.name}: workflow hook '${transition.hook}' is not registered`);
    await registerEndpoint(app, calls.transitions[transition.action]!, (actor, body) =>
      engine.transition(actor, transition, hook, body as Row, afterEvery),
    );
  }
  await registerEndpoint(app, calls.history!, (actor, body) => engine.history(actor, body as Row));
  const unused = Object.keys(hooks).find((name) => name !== AFTER_EVERY_TRANSITION && !workflow.transitions.some((t) => t.hook === name));
  if (unused) throw new Error(`${declaration.name}: workflow hook '${unused}' is named by no transition`);
}

class WorkflowEngine {
  private readonly stateProperty: string;

  constructor(
    private readonly deps: AppDeps,
    private readonly declaration: ResourceDeclaration & { workflow: WorkflowDeclaration },
    private readonly table: PgTable,
    private readonly service: CrudService,
  ) {
    const stateField = stateFieldOf(declaration.workflow);
    this.stateProperty = declaration.fields[stateField]?.column ?? stateField;
    if (!service.columns[this.stateProperty])
      throw new Error(`${declaration.name}: the workflow's state column '${this.stateProperty}' is not in the table`);
  }

  private get idColumn(): PgColumn {
    return this.service.columns[this.service.idField]!;
  }

  private get stateColumn(): PgColumn {
    return this.service.columns[this.stateProperty]!;
  }

  /** The declaration's row scope for the caller (resources/types.ts `scope`), as every generated call applies it. */
  private scopeOf(actor: Actor): SQL | undefined {
    return this.service.scopeCondition(actor);
  }

  /**
   * A record that is not there, or not in the caller's scope: for a scoped resource both answer 45, so nothing
   * tells them apart (as its generated calls answer); otherwise the declaration's not-found code.
   */
  private missing(): ApiError {
    return new ApiError((this.declaration.scope ? Code.NO_PERMISSION : (this.declaration.notFoundCode ?? Code.NO_DATA)) as ResponseCode);
  }

  /** `body` as the route validated it (bodySchema): the id, the transition's fields and the note. */
  async transition(
    actor: Actor,
    transition: WorkflowTransition,
    hook: WorkflowHook | undefined,
    body: Row,
    afterEvery?: WorkflowHook,
  ): Promise<Row> {
    const id = body[this.service.idField] as string | number;
    const fields: Row = {};
    for (const name of Object.keys(transition.fields ?? {})) if (body[name] !== undefined) fields[name] = body[name];
    const note = body.note as string | undefined;
    const now = this.deps.clock();
    const values: Row = { [this.stateProperty]: transition.to };
    for (const [name, value] of Object.entries(fields)) {
      const property = transition.fields?.[name]?.column ?? name;
      if (this.service.columns[property] && property !== this.stateProperty) values[property] = value;
    }
    for (const property of ['updated_at', 'updatedAt']) if (this.service.columns[property]) values[property] = now;

    const committed: (() => void)[] = [];
    const saved = await this.deps.db.transaction(async (tx) => {
      const db = tx;
      const inScope = and(eq(this.idColumn, id), this.scopeOf(actor));
      // The row is locked while it is read: a second transition at the same moment waits, then reads the state
      // the first one left and is refused. The UPDATE repeats the condition, so no state it leaves is ever skipped.
      const [before] = await db.select({ state: this.stateColumn }).from(this.table).where(inScope).limit(1).for('update');
      if (!before) throw this.missing();
      const from = String(before.state);
      if (!transition.from.includes(from)) throw this.refused(transition, from);
      const [record] = (await db
        .update(this.table)
        .set(values)
        .where(and(inScope, inArray(this.stateColumn, [...transition.from])))
        .returning()) as Row[];
      if (!record) throw this.refused(transition, from);
      const step = { actor, db, now, transition, from, record, fields, note, afterCommit: (work: () => void) => committed.push(work) };
      await hook?.(step);
      await db.insert(workflowHistory).values({
        entity: this.declaration.name,
        recordId: Number(id),
        action: transition.action,
        fromState: from,
        toState: transition.to,
        userId: actor.id,
        username: actor.username,
        note: note || null,
        fields: Object.keys(fields).length ? fields : null,
        createdAt: now,
      });
      await afterEvery?.(step);
      await writeAudit(db, actor, now, {
        action: `${this.declaration.name}.${transition.action}`,
        target: `${this.declaration.name}:${String(id)}`,
        before: { [stateFieldOf(this.declaration.workflow)]: from },
        after: { [stateFieldOf(this.declaration.workflow)]: transition.to },
        extra: { ...(note ? { note } : {}), ...(Object.keys(fields).length ? { fields } : {}) },
      });
      return record;
    });
    for (const work of committed) work();
    return this.service.answerFor(actor, this.service.present(saved));
  }

  private refused(transition: WorkflowTransition, from: string): ApiError {
    const code = (transition.refusedCode ?? TRANSITION_REFUSED_CODE) as ResponseCode;
    return new ApiError(code, `'${transition.action}' is not possible in status '${from}'`, { data: { status: from } });
  }

  /** `body` as the route validated it (its id). */
  async history(actor: Actor, body: Row) {
    const id = body[this.service.idField] as string | number;
    const [visible] = await this.deps.db
      .select({ id: this.idColumn })
      .from(this.table)
      .where(and(eq(this.idColumn, id), this.scopeOf(actor)))
      .limit(1);
    if (!visible) throw this.missing();
    const rows = await this.deps.db
      .select({
        id: workflowHistory.id,
        action: workflowHistory.action,
        from_state: workflowHistory.fromState,
        to_state: workflowHistory.toState,
        username: workflowHistory.username,
        note: workflowHistory.note,
        fields: workflowHistory.fields,
        created_at: workflowHistory.createdAt,
      })
      .from(workflowHistory)
      .where(and(eq(workflowHistory.entity, this.declaration.name), eq(workflowHistory.recordId, Number(id))))
      .orderBy(asc(workflowHistory.id));
    const presented: Row[] = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    const data = (await this.service.hooks.presentHistory?.(presented, actor)) ?? presented;
    return { data, dataCount: data.length };
  }
}
