import type { BaseRecord, CrudFilter, CrudSort, CustomParams, DataProvider, HttpError } from '@refinedev/core';
import { api, API_BASE, codeMessage, type ApiRequestOptions } from '../api/client';
import type { Envelope, Page } from '../../contract/codes';
import type { ResourceEndpoints } from '../../resources/endpoints';

/**
 * A resource's generated calls (resources/endpoints.ts `endpointsOf`), given in its Refine `meta` as `endpoints`:
 * every call is a JSON POST answering the standard envelope (DESIGN §4).
 */
export type GeneratedCalls = Pick<ResourceEndpoints<unknown>, 'list' | 'one' | 'save' | 'delete'>;

/** The path of a generated call the resource's meta names; a Refine error when the declaration has no such call. */
function endpoint(meta: Record<string, unknown> | undefined, kind: keyof GeneratedCalls, resource: string): string {
  const path = (meta?.endpoints as GeneratedCalls | undefined)?.[kind]?.path;
  if (!path) {
    const error: HttpError = { message: `${resource}: no ${kind} declared`, statusCode: -1 };
    throw error;
  }
  return path;
}

/** A refused call as a Refine error: the translated message of its code, and the field it concerns if the server named one. */
export interface EnvelopeError extends HttpError {
  info?: string;
  /** `data.field` of the answer: where a form shows the message (e.g. 89 on license_key, raised by a server hook). */
  field?: string;
}

/** An error envelope as a Refine error, with the translated message of its code. */
export function envelopeError(envelope: Envelope): EnvelopeError {
  const code = Number(envelope?.code ?? -1);
  const data = envelope?.data as { field?: unknown } | null | undefined;
  const field = typeof data?.field === 'string' && data.field ? data.field : undefined;
  return {
    // 105 and 100 ('Custom message') carry their own text, in the caller's language (e.g. the 24 h rule of R&D hours).
    message: (code === 105 || code === 100) && envelope.info ? envelope.info : codeMessage(code),
    statusCode: code,
    info: envelope?.info,
    ...(field ? { field } : {}),
  };
}

function unwrap<T>(envelope: Envelope<T>): T {
  if (!envelope || envelope.code !== 200) throw envelopeError(envelope as Envelope);
  return envelope.data;
}

/** Refine filters as flat request parameters (`{ field: value }`); empty values are left out. */
export function filtersToParams(filters: readonly CrudFilter[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const value = filter.value as unknown;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[filter.field] = value;
  }
  return out;
}

export function sortersToParam(sorters: readonly CrudSort[] | undefined) {
  return sorters?.length ? sorters.map((s) => ({ field: s.field, order: s.order })) : undefined;
}

/**
 * Quiet (the screen shows a refusal through Refine), with the AbortSignal react-query hands a read (Refine passes
 * it in `meta`): a read left behind (a page left, a filter changed while it ran) is given up without a message.
 */
function readOptions(meta: Record<string, unknown> | undefined): ApiRequestOptions {
  return { quiet: true, signal: meta?.signal instanceof AbortSignal ? meta.signal : undefined };
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  async getList<TData extends BaseRecord = BaseRecord>({
    resource,
    pagination,
    sorters,
    filters,
    meta,
  }: Parameters<DataProvider['getList']>[0]) {
    const off = pagination?.mode === 'off';
    const sort = sortersToParam(sorters);
    const body = {
      pageIndex: off ? 1 : (pagination?.currentPage ?? 1),
      pageSize: off ? 50_000 : (pagination?.pageSize ?? 10),
      ...(sort ? { sort } : {}),
      ...filtersToParams(filters),
    };
    const page = unwrap(await api.post<Page<TData>>(endpoint(meta, 'list', resource), body, readOptions(meta)));
    return { data: page?.data ?? [], total: page?.dataCount ?? 0 };
  },

  async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider['getOne']>[0]) {
    return { data: unwrap(await api.post<TData>(endpoint(meta, 'one', resource), { id }, readOptions(meta))) };
  },

  async create<TData extends BaseRecord = BaseRecord, TVariables = object>({
    resource,
    variables,
    meta,
  }: {
    resource: string;
    variables: TVariables;
    meta?: Record<string, unknown>;
  }) {
    const data = unwrap(await api.post<TData>(endpoint(meta, 'save', resource), variables as Record<string, unknown>, { quiet: true }));
    return { data: (data ?? variables) as TData };
  },

  async update<TData extends BaseRecord = BaseRecord, TVariables = object>({
    resource,
    id,
    variables,
    meta,
  }: {
    resource: string;
    id: string | number;
    variables: TVariables;
    meta?: Record<string, unknown>;
  }) {
    const body = { ...(variables as Record<string, unknown>), id };
    const data = unwrap(await api.post<TData>(endpoint(meta, 'save', resource), body, { quiet: true }));
    return { data: (data ?? body) as TData };
  },

  async deleteOne<TData extends BaseRecord = BaseRecord, TVariables = object>({
    resource,
    id,
    variables,
    meta,
  }: {
    resource: string;
    id: string | number;
    variables?: TVariables;
    meta?: Record<string, unknown>;
  }) {
    const body = { ...((variables ?? {}) as Record<string, unknown>), id };
    const data = unwrap(await api.post<TData>(endpoint(meta, 'delete', resource), body, { quiet: true }));
    return { data: (data ?? { id }) as TData };
  },

  async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, meta }: CustomParams) {
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    const body = payload as Record<string, unknown> | undefined;
    let envelope: Envelope<TData>;
    if (method === 'get') envelope = await api.get<TData>(path, query as Record<string, unknown>, readOptions(meta));
    else if (method === 'delete') envelope = await api.delete<TData>(path, body, readOptions(meta));
    else if (method === 'put' || method === 'patch') envelope = await api.put<TData>(path, body, readOptions(meta));
    else envelope = await api.post<TData>(path, body, readOptions(meta));
    return { data: unwrap(envelope) };
  },
};
