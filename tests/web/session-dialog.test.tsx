import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session, STORAGE_KEYS } from '../../src/api/session';
import { SessionDialog } from '../../src/layout/SessionDialog';
import { renderAt, signIn } from './render-portal';

describe('the login dialog over the layout (spec §2)', () => {
  it('is not in the page while the session lasts, and opens when another tab ends it', async () => {
    signIn(['customer'], 'anna');
    renderAt('/dashboard', '/dashboard', <SessionDialog />, []);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.ant-modal-root')).toBeNull();

    // Another tab's session ended: its token is gone from the shared storage.
    localStorage.removeItem(STORAGE_KEYS.token);
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token })));

    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Your session has ended')).toBeInTheDocument();
    expect(screen.getByDisplayValue('anna')).toBeInTheDocument();
    expect(session.isLoggedIn()).toBe(false);
  });
});
