import type { CommandRow } from '../../../contract/devices';

/** A ledger row as GetCommandList answers it. */
export function commandRow(over: Partial<CommandRow> = {}): CommandRow {
  return {
    id: 1,
    sys_sn: 'ESS-1',
    sys_name: 'Home',
    model: 'ESS-H10 Hybrid',
    command: 'exportLimit',
    params: { limitW: 3000 },
    state: 'pending',
    source: 'staff',
    requested_by: 'servicer',
    batch_id: null,
    retry_of: null,
    created_at: '2026-03-01T10:00:00Z',
    sent_at: null,
    delivered_at: null,
    finished_at: null,
    expires_at: '2026-03-02T10:00:00Z',
    message: null,
    time_zone: 'Europe/Berlin',
    ...over,
  };
}
