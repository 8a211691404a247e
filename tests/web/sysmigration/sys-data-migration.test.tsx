import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MIGRATION_KINDS, type MigrationRow } from '../../../contract/sys-migration';
import SysDataMigration from '../../../src/features/sysmigration/SysDataMigration';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';
import { server } from '../setup';

const row = (state: MigrationRow['state'], moved: number): MigrationRow => ({
  id: 5,
  old_sn: 'ESS2024A0001',
  new_sn: 'ESS2026R0001',
  state,
  kinds: MIGRATION_KINDS.map((kind) => ({ kind, total: kind === 'telemetry' ? 288 : 0, moved: kind === 'telemetry' ? moved : 0 })),
  total: 288,
  moved,
  first_at: '2026-03-01T08:00:00Z',
  last_at: '2026-03-02T08:00:00Z',
  error: null,
  created_by: 'servicer',
  created_at: '2026-03-02T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  finished_by: null,
  finished_at: null,
});

describe('the data migration screen', { timeout: 60_000 }, () => {
  it('previews what moves, starts, shows the progress, and offers confirm and revert once moved', async () => {
    signIn(['servicer'], 'servicer');
    const started: unknown[] = [];
    let current = row('running', 100);
    server.use(
      http.post('/api/DataMigration/FindSystems', () => HttpResponse.json(envelope(200, []))),
      http.post('/api/DataMigration/GetMigrationList', () => HttpResponse.json(envelope(200, { dataCount: 1, data: [current] }))),
      http.post('/api/DataMigration/PreviewMigration', async ({ request }) =>
        HttpResponse.json(
          envelope(200, {
            ...((await request.json()) as object),
            kinds: MIGRATION_KINDS.map((kind) => ({ kind, rows: kind === 'telemetry' ? 288 : 1 })),
            first_at: '2026-03-01T08:00:00Z',
            last_at: '2026-03-02T08:00:00Z',
            takes_customer: true,
          }),
        ),
      ),
      http.post('/api/DataMigration/StartMigration', async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(envelope(200, row('queued', 0)));
      }),
      http.post('/api/DataMigration/GetMigration', () => HttpResponse.json(envelope(200, current))),
    );
    renderAt(<SysDataMigration />, '/energyStorageSysMaintenance/sysDataMigration');
    const [oldField, newField] = screen.getAllByPlaceholderText('S/N or system name');
    fireEvent.change(oldField!, { target: { value: 'ESS2024A0001' } });
    fireEvent.change(newField!, { target: { value: 'ESS2026R0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('What moves from ESS2024A0001 to ESS2026R0001')).toBeTruthy();
    expect(screen.getByText('288')).toBeTruthy();
    expect(screen.getByText(/takes over the old system's customer/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start moving' }));
    await waitFor(() => expect(started).toEqual([{ old_sn: 'ESS2024A0001', new_sn: 'ESS2026R0001' }]));
    const card = (await screen.findByText('Migration 5: ESS2024A0001 → ESS2026R0001')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('100 / 288')).toBeTruthy();
    // The job ends: the screen reads it again and offers the two ways out.
    current = row('moved', 288);
    await waitFor(() => expect(within(card).getByText('288 / 288')).toBeTruthy(), { timeout: 10_000 });
    expect(within(card).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Revert' })).toBeTruthy();
  });
});
