import type { BodyIn } from '../../../contract/endpoint';
import { warrantyCalls } from '../../../contract/warranty-calls';
import { call } from '../../api/call';

/** The warranty's calls (contract/warranty-calls.ts) and their query keys. */
export type WarrantyListQuery = BodyIn<typeof warrantyCalls.list>;
export type SaveWarrantyBody = BodyIn<typeof warrantyCalls.save>;
export type WarrantyDataBody = BodyIn<typeof warrantyCalls.keys>;
export type WarrantyKeyQuery = BodyIn<typeof warrantyCalls.keyList>;

export const warrantyApi = {
  // Quiet: 87 (no terms recorded) is a state the panel shows, not an error to pop up.
  get: (sn: string) => call(warrantyCalls.get, { sys_sn: sn }, { quiet: true }),
  list: (query: WarrantyListQuery) => call(warrantyCalls.list, query),
  save: (body: SaveWarrantyBody) => call(warrantyCalls.save, body),
  redeem: (body: BodyIn<typeof warrantyCalls.redeem>) => call(warrantyCalls.redeem, body),
  keys: (body: WarrantyDataBody) => call(warrantyCalls.keys, body),
  keyList: (query: WarrantyKeyQuery) => call(warrantyCalls.keyList, query),
};

export const warrantyKeys = {
  all: ['warranty'] as const,
  one: (sn: string) => ['warranty', 'one', sn] as const,
  list: (query: WarrantyListQuery) => ['warranty', 'list', query] as const,
  keyList: (query: WarrantyKeyQuery) => ['warranty', 'keys', query] as const,
};
