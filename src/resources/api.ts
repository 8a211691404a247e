import type { Page } from '../../contract/codes';
import { api } from '../api/client';

/**
 * The engine's calls outside Refine's list / one / save / delete of a declaration, and the react-query keys of
 * what it reads: a relation's rows for a select, a workflow record's history. A change invalidates through
 * these keys (Refine 5's useCustomMutation invalidates nothing by itself).
 */
export const resourceApi = {
  /**
   * The rows a relation's select offers (the first 1000). Not quiet: a refused call is told in the reader's
   * language (the api client's message), never an empty select alone.
   */
  relationRows: (listPath: string) => api.post<Page<Record<string, unknown>>>(listPath, { pageIndex: 1, pageSize: 1000 }),
};

export const resourceKeys = {
  relationRows: (listPath: string | undefined) => ['resource-options', listPath] as const,
  /** A record's workflow history; without an id, every record's of that declaration. */
  workflowHistory: (resource: string, id?: unknown) =>
    id === undefined ? (['workflowHistory', resource] as const) : (['workflowHistory', resource, id] as const),
};
