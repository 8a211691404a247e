import { useInvalidateAuthStore } from '@refinedev/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { watchOtherTabs } from '../api/session-events';
import { session } from '../api/session';

/**
 * The dialog's code (antd's modal, the login form and its inputs) is fetched the first time a session ends, not
 * with every page: it was a tenth of what a cold start of the dashboard loaded before its first figure.
 */
const SessionLoginDialog = lazy(() => import('./SessionLoginDialog'));

/**
 * Spec §2: a login dialog over the layout when the session is gone while the user works (ended in another
 * tab, cleared after a failed refresh). It never closes on a backdrop click; logging in keeps the page.
 */
export function SessionDialog() {
  const navigate = useNavigate();
  const location = useLocation();
  const invalidateAuthStore = useInvalidateAuthStore();
  const [open, setOpen] = useState(() => !session.isLoggedIn() && !session.endedOnPurpose());
  // Mounted from the first time it opens, so that it closes with antd's animation.
  const [mounted, setMounted] = useState(open);
  // State, not a ref: it is read while rendering, so a name learnt from another tab must cause a render.
  const [lastUser, setLastUser] = useState(() => session.getUserInfo()?.username ?? session.getUserName() ?? '');

  useEffect(
    () =>
      watchOtherTabs(() => {
        const name = session.getUserInfo()?.username ?? session.getUserName();
        if (name) setLastUser(name);
        const ended = !session.isLoggedIn() && !session.endedOnPurpose();
        setOpen(ended);
        if (ended) setMounted(true);
      }),
    [],
  );

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SessionLoginDialog
        open={open}
        lastUser={lastUser}
        onLoggedIn={() => {
          setOpen(false);
          void invalidateAuthStore();
        }}
        onToLoginPage={() => {
          setOpen(false);
          navigate(`/Login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
        }}
      />
    </Suspense>
  );
}
