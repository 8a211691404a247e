import { PAGE_SIZES } from '../../contract/account-settings-constants';
import { session } from '../api/session';

/**
 * A list's page and sort as the URL keeps them (`page`, `size`, `sort`, `order`), for the lists whose state lives in
 * the URL (a reload or a shared link shows the same page). A value the server would refuse is dropped.
 */
export interface UrlPaging<Sort extends string = string> {
  pageIndex: number;
  pageSize: number;
  sort?: Sort;
  order?: 'asc' | 'desc';
}

export { PAGE_SIZES };
export const PAGING_PARAMS = ['page', 'size', 'sort', 'order'] as const;

/** Rows per page when the URL names none: the staff member's choice, else 20. */
const defaultPageSize = () => session.getListPageSize(20);

function positiveInt(text: string | null): number | undefined {
  const n = Number(text);
  return text && Number.isInteger(n) && n >= 1 ? n : undefined;
}

export function readUrlPaging<Sort extends string>(params: URLSearchParams, sortKeys: readonly Sort[]): UrlPaging<Sort> {
  const size = positiveInt(params.get('size'));
  const sort = params.get('sort');
  const order = params.get('order');
  const paging: UrlPaging<Sort> = {
    pageIndex: positiveInt(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize(),
  };
  if (sort !== null && (sortKeys as readonly string[]).includes(sort) && (order === 'asc' || order === 'desc'))
    Object.assign(paging, { sort, order });
  return paging;
}

/** Sets the paging on `next`, leaving out what is the default. */
export function writeUrlPaging(next: URLSearchParams, paging: UrlPaging): void {
  if (paging.pageIndex > 1) next.set('page', String(paging.pageIndex));
  if (paging.pageSize !== defaultPageSize()) next.set('size', String(paging.pageSize));
  if (paging.sort && paging.order) {
    next.set('sort', paging.sort);
    next.set('order', paging.order);
  }
}
