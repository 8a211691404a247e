import { and, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import type { Database } from '../db';

export type Row = Record<string, unknown>;

/** What a save or delete hook knows of the call: who, in which transaction, when, and what was stored. */
export interface SaveContext {
  actor: Actor;
  db: Database;
  now: Date;
  mode: 'create' | 'edit';
  /** The stored row when editing. */
  existing?: Row;
  /** Runs `work` once the call's transaction has committed (a mail sent for a write that stood). */
  afterCommit(work: () => void): void;
}

/** Entity-specific rules on top of the declaration; every hook is optional. */
export interface CrudHooks {
  /** Spec checks before a write (throw ApiError with the spec's code); may answer changed values. */
  beforeSave?(values: Row, ctx: SaveContext): Promise<Row | void> | Row | void;
  /** After the row is written, in the same transaction (e.g. related rows). */
  afterSave?(row: Row, ctx: SaveContext, values: Row): Promise<void> | void;
  beforeDelete?(existing: Row, ctx: Omit<SaveContext, 'mode'>): Promise<void> | void;
  /** After the row is deleted, in the same transaction (e.g. its files let go). */
  afterDelete?(existing: Row, ctx: Omit<SaveContext, 'mode'>): Promise<void> | void;
  /**
   * Completes the rows a list or `one` answers, already presented (e.g. each record's files), in one query per page;
   * `view` says which, so a detail may carry more than a list row (a complaint's system snapshot); `actor` is the
   * caller, for figures that must count only what the caller may see.
   */
  expand?(rows: Row[], view: 'list' | 'one', actor: Actor): Promise<void>;
  /** The row as the client sees it (secret fields are already removed). */
  present?(row: Row): Row;
  /**
   * The row as this caller receives it, after `present` and `expand`: every answer carrying a row (list, one, save, a
   * workflow transition) passes through it, e.g. to leave out what only staff may read.
   */
  visibleTo?(row: Row, actor: Actor): Row;
  /** The rows of the workflow history (server/core/crud/workflow.ts) as this caller receives them. */
  presentHistory?(entries: Row[], actor: Actor): Promise<Row[]> | Row[];
  /** Table properties never sent to the client (password hashes). */
  hiddenColumns?: string[];
  /** Extra list conditions from the call (scope, custom filters). */
  listWhere?(actor: Actor, body: Row): SQL | undefined;
}

/**
 * One set of hooks from several, each doing one job (the spec's checks, a history, a search, what each side may read):
 * every kind of hook runs in the list's order: a save's checks and writes, a row's presentation and expansion, the
 * history's presentation, each on what the one before answered; list conditions are ANDed; hidden columns are all
 * hidden.
 */
export function composeHooks(list: readonly CrudHooks[]): CrudHooks {
  if (list.length === 1) return list[0]!;
  const having = <K extends keyof CrudHooks>(kind: K) => list.filter((hooks) => hooks[kind] !== undefined);
  const composed: CrudHooks = {};
  const beforeSave = having('beforeSave');
  if (beforeSave.length)
    composed.beforeSave = async (values, ctx) => {
      let current = values;
      for (const hooks of beforeSave) current = (await hooks.beforeSave!(current, ctx)) ?? current;
      return current;
    };
  const afterSave = having('afterSave');
  if (afterSave.length)
    composed.afterSave = async (row, ctx, values) => {
      for (const hooks of afterSave) await hooks.afterSave!(row, ctx, values);
    };
  const beforeDelete = having('beforeDelete');
  if (beforeDelete.length)
    composed.beforeDelete = async (existing, ctx) => {
      for (const hooks of beforeDelete) await hooks.beforeDelete!(existing, ctx);
    };
  const afterDelete = having('afterDelete');
  if (afterDelete.length)
    composed.afterDelete = async (existing, ctx) => {
      for (const hooks of afterDelete) await hooks.afterDelete!(existing, ctx);
    };
  const expand = having('expand');
  if (expand.length)
    composed.expand = async (rows, view, actor) => {
      for (const hooks of expand) await hooks.expand!(rows, view, actor);
    };
  const present = having('present');
  if (present.length) composed.present = (row) => present.reduce((current, hooks) => hooks.present!(current), row);
  const visibleTo = having('visibleTo');
  if (visibleTo.length) composed.visibleTo = (row, actor) => visibleTo.reduce((current, hooks) => hooks.visibleTo!(current, actor), row);
  const presentHistory = having('presentHistory');
  if (presentHistory.length)
    composed.presentHistory = async (entries, actor) => {
      let current = entries;
      for (const hooks of presentHistory) current = await hooks.presentHistory!(current, actor);
      return current;
    };
  const hidden = list.flatMap((hooks) => hooks.hiddenColumns ?? []);
  if (hidden.length) composed.hiddenColumns = hidden;
  const listWhere = having('listWhere');
  if (listWhere.length)
    composed.listWhere = (actor, body) => {
      const conditions = listWhere.map((hooks) => hooks.listWhere!(actor, body)).filter((c): c is SQL => c !== undefined);
      return conditions.length > 1 ? and(...conditions) : conditions[0];
    };
  return composed;
}
