import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../src/i18n';
import { ComponentsCard, ComponentsTable } from '../../../src/features/monitoring/shared/components/ComponentsList';
import { FaultsCard } from '../../../src/features/monitoring/shared/panels/FaultsCard';
import { FaultsTable } from '../../../src/features/monitoring/storage/FaultsTable';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from './render';

const components = [
  { id: 1, kind: 'inverter', sn: 'INV000001', model: 'H6 Hybrid', firmware_version: 'ARM 1.4.12 / DSP 2.07', supplier_company: null },
  { id: 2, kind: 'battery', sn: 'BAT0000011', model: 'CW-LFP 5.5', firmware_version: 'BMS 3.2.5', supplier_company: 'CellWorks Co., Ltd.' },
  { id: 3, kind: 'meter', sn: 'MTR000001', model: 'SDM630 three-phase', firmware_version: '1.7', supplier_company: null },
];
const faults = [
  {
    id: 11,
    code: 'F401',
    level: 'fault',
    description: 'Inverter isolation fault (low insulation resistance)',
    started_at: '2026-03-02T07:00:00Z',
    ended_at: null,
  },
  {
    id: 10,
    code: 'X999',
    level: 'warning',
    description: 'Vendor specific fan warning',
    started_at: '2026-03-01T07:00:00Z',
    ended_at: '2026-03-01T08:00:00Z',
  },
];

function answer() {
  server.use(
    http.post('/api/ESS/GetSystemComponents', () => HttpResponse.json(envelope(200, components))),
    http.post('/api/ESS/GetSysFaultBySn', () => HttpResponse.json(envelope(200, { data: faults, dataCount: faults.length }))),
  );
}

describe('components', () => {
  it("the staff system page's table lists kind, S/N, model, firmware and supplier", async () => {
    signIn(['admin']);
    answer();
    renderAt(<ComponentsTable sn="ESS-A" />, '/EnergyStorageList/energyStorageList');
    const row = (await screen.findByText('BAT0000011')).closest('tr')!;
    expect(within(row).getByText('Battery')).toBeInTheDocument();
    expect(within(row).getByText('CW-LFP 5.5')).toBeInTheDocument();
    expect(within(row).getByText('BMS 3.2.5')).toBeInTheDocument();
    expect(within(row).getByText('CellWorks Co., Ltd.')).toBeInTheDocument();
    expect(screen.getAllByText('Serial number').length).toBeGreaterThan(0);
  });

  it("the customer's card names each component in the user's language", async () => {
    signIn(['customer']);
    await i18n.changeLanguage('ja');
    answer();
    renderAt(<ComponentsCard sn="ESS-A" />);
    const card = await screen.findByTestId('components-card');
    expect(within(card).getByText('インバーター')).toBeInTheDocument();
    expect(within(card).getByText('蓄電池')).toBeInTheDocument();
    expect(within(card).getByText('H6 Hybrid')).toBeInTheDocument();
    expect(card.textContent).toContain('INV000001');
    expect(screen.getByText('構成機器')).toBeInTheDocument();
  });
});

describe('fault descriptions follow the language, by fault code', () => {
  it('translates a known code and keeps the server text of an unknown one (dashboard card)', async () => {
    signIn(['customer']);
    await i18n.changeLanguage('de');
    answer();
    renderAt(<FaultsCard sns={['ESS-A']} />);
    expect(await screen.findByText(/Isolationsfehler am Wechselrichter/)).toBeInTheDocument();
    expect(screen.queryByText(/Inverter isolation fault/)).not.toBeInTheDocument();
    expect(screen.getByText(/Vendor specific fan warning/)).toBeInTheDocument();
  });

  it('does the same in the staff fault table, in zh', async () => {
    signIn(['admin']);
    await i18n.changeLanguage('zh');
    answer();
    renderAt(<FaultsTable sn="ESS-A" />, '/EnergyStorageList/energyStorageList');
    expect(await screen.findByText('逆变器绝缘故障（绝缘电阻过低）')).toBeInTheDocument();
    expect(screen.getByText('Vendor specific fan warning')).toBeInTheDocument();
  });

  it('opens a known code to its cause and what to do; a code the catalogue does not know has nothing to open', async () => {
    signIn(['admin']);
    await i18n.changeLanguage('en');
    answer();
    renderAt(<FaultsTable sn="ESS-A" />, '/EnergyStorageList/energyStorageList');
    const known = (await screen.findByText('Inverter isolation fault (low insulation resistance)')).closest('tr')!;
    const unknown = screen.getByText('Vendor specific fan warning').closest('tr')!;
    // antd keeps a hidden placeholder in the place of the expander of a row that has nothing to open.
    expect(within(unknown).getByRole('button', { name: /expand/i })).toHaveClass('ant-table-row-expand-icon-spaced');
    expect(within(known).getByRole('button', { name: /expand/i })).not.toHaveClass('ant-table-row-expand-icon-spaced');
    fireEvent.click(within(known).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('What to do')).toBeInTheDocument();
    expect(screen.getByText(/The PV side leaks current to earth/)).toBeInTheDocument();
    expect(screen.getByText(/Measure the insulation of each string/)).toBeInTheDocument();
  });
});
