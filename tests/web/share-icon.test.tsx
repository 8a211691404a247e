import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ShareButton, showsShareIcon } from '../../src/features/monitoring/shared/share/ShareButton';
import type { SystemSummary } from '../../contract/monitoring';
import { envelope } from './helpers';
import { renderAt, signIn } from './monitoring/render';
import { server } from './setup';

const system = (sys_sn: string, shared_with_me: boolean): SystemSummary => ({
  system_id: 1,
  sys_sn,
  sys_name: sys_sn,
  popv: 5,
  minv: 'M',
  poinv: 5,
  cobat: 10,
  mbat: 'B',
  surpluscobat: 9,
  uscapacity: 0,
  ems_status: 'normal',
  trans_frequency: 300,
  shared_with_me,
});

describe('the share icon of a user who is customer and sharer at once', () => {
  it('is hidden on a system shared with the user, shown on their own', async () => {
    expect(showsShareIcon(['customer', 'sharer'], 'ESS-SHARED', true)).toBe(false);
    expect(showsShareIcon(['customer', 'sharer'], 'ESS-OWN', false)).toBe(true);

    let asked = 0;
    server.use(
      http.post('/api/ESS/GetSystemsByCustomer', () => {
        asked++;
        return HttpResponse.json(envelope(200, [system('ESS-OWN', false), system('ESS-SHARED', true)]));
      }),
    );
    signIn(['customer', 'sharer']);
    const shared = renderAt(<ShareButton sn="ESS-SHARED" roles={['customer', 'sharer']} />);
    await waitFor(() => expect(asked).toBe(1));
    // Give the answer time to render: the icon must stay away once the list is known.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('share-button')).toBeNull();
    shared.unmount();

    renderAt(<ShareButton sn="ESS-OWN" roles={['customer', 'sharer']} />);
    expect(await screen.findByTestId('share-button')).toBeInTheDocument();
  });
});
