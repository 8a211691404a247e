import { recordCalls } from '../../../contract/records-calls';
import { call, callKey } from '../../api/call';

/** The component calls of a system's records (contract/records-calls.ts); the records themselves go through their declarations. */
export const recordsApi = {
  updateSystemSn: (body: { sysSn: string; oldSn: string; newSn: string; checkCode: string; reason: string; maintenanceId?: number }) =>
    call(recordCalls.updateSystemSn, body),
  componentHistory: (sysSn: string, maintenanceId?: number) =>
    call(recordCalls.componentHistory, { sysSn, ...(maintenanceId ? { maintenanceId } : {}) }),
};

export const recordsKeys = {
  /** Every history query (after a swap). */
  histories: () => callKey(recordCalls.componentHistory),
  history: (sysSn: string, maintenanceId?: number) => [...callKey(recordCalls.componentHistory), sysSn, maintenanceId ?? null] as const,
};
