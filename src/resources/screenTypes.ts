import type { BaseKey } from '@refinedev/core';
import type { ComponentType, ReactNode } from 'react';
import { endpointsOf } from '../../resources/endpoints';
import { idFieldOf, type ResourceDeclaration } from '../../resources/types';
import type { GeneratedCalls } from '../providers/data';

/** A record of any declared resource: its fields are known only from the declaration, so each is checked where used. */
export type Row = Record<string, unknown>;

/** A row's id (its declaration's id field), as the data provider takes it: the server's ids are strings or numbers. */
export function idOf(declaration: ResourceDeclaration, row: Row): BaseKey {
  return row[idFieldOf(declaration)] as BaseKey;
}

/** The calls of a declaration as the data provider reads them from a call's meta (src/providers/data.ts). */
export function metaOf(declaration: ResourceDeclaration): { endpoints: GeneratedCalls } {
  return { endpoints: endpointsOf(declaration) };
}

/** Cells of the list and values of the show page drawn by the screen, per field (e.g. an expiry with a tag). */
export type Cells = Record<string, (value: unknown, record: Row) => ReactNode>;

export interface FormPageProps {
  declaration: ResourceDeclaration;
  mode: 'create' | 'edit';
  record?: Row;
  onDone: () => void;
}

export interface ResourceFormProps extends FormPageProps {
  /**
   * Fields shown in the form but not changeable there, each with the reason under it (one's own roles): the
   * input is disabled and its value is sent unchanged.
   */
  lockedFields?: Readonly<Record<string, string>>;
}

export interface ShowPageProps {
  declaration: ResourceDeclaration;
  record: Row;
  cells?: Cells;
}

/** What a resource may replace or add; everything else is generated from the declaration. */
export interface ResourceScreenOptions {
  /** Replaces the generated list (the whole screen). */
  list?: ComponentType<{ declaration: ResourceDeclaration }>;
  /** Replaces the create / edit form inside the drawer. */
  form?: ComponentType<FormPageProps>;
  /** Replaces the show page inside the drawer. */
  show?: ComponentType<ShowPageProps>;
  /**
   * Pages of their own for create and edit (a spec route such as /addProductSuggestion): the list's buttons go there
   * instead of opening the drawer; the edit page gets the record as `?id=`.
   */
  pages?: { create?: string; edit?: string };
  /** Extra buttons per row (after edit / delete), e.g. lock a user. */
  rowActions?: (record: Row, refresh: () => void) => ReactNode;
  /**
   * Per row, whether its edit is offered (default: wherever the ability allows updates), e.g. an admin's record
   * to a non-admin; an edit link to such a row shows the record instead. The server keeps its own check.
   */
  editable?: (record: Row) => boolean;
  /** Extra buttons above the table, e.g. import or export. */
  toolbar?: (ctx: { filters: Record<string, unknown>; refresh: () => void }) => ReactNode;
  /** Cells of the list and values of the show page drawn by the screen, per field (e.g. an expiry with a tag). */
  cells?: Cells;
  /** Called after a record was saved or deleted, or a delete was refused (e.g. menuManagement reloads the sidebar's menu). */
  onChange?: () => void;
  /**
   * Per row, before its delete is offered: `blocked` disables the delete and says why in its tooltip (a record
   * still in use), `confirm` replaces the generic question. The server keeps its own check.
   */
  deletion?: (record: Row) => { blocked?: string; confirm?: string } | undefined;
}
