import { useInvalidateAuthStore } from '@refinedev/core';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { watchOtherTabs } from '../api/session-events';
import { session } from '../api/session';
import { LoginForm } from '../components/LoginForm';
import { Modal } from '../ui/Modal';

/**
 * Spec §2: a login dialog over the layout when the session is gone while the user works (ended in another
 * tab, cleared after a failed refresh). It never closes on a backdrop click; logging in keeps the page.
 */
export function SessionDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const invalidateAuthStore = useInvalidateAuthStore();
  const [open, setOpen] = useState(() => !session.isLoggedIn() && !session.endedOnPurpose());
  // State, not a ref: it is read while rendering, so a name learnt from another tab must cause a render.
  const [lastUser, setLastUser] = useState(() => session.getUserInfo()?.username ?? session.getUserName() ?? '');

  useEffect(
    () =>
      watchOtherTabs(() => {
        const name = session.getUserInfo()?.username ?? session.getUserName();
        if (name) setLastUser(name);
        setOpen(!session.isLoggedIn() && !session.endedOnPurpose());
      }),
    [],
  );

  return (
    <Modal open={open} title={t('common:session.title')} closable={false} keyboard={false} footer={null} width={420} destroyOnHidden>
      <p style={{ marginTop: 0, color: '#5b6b6b' }}>{t('common:session.text')}</p>
      <LoginForm
        compact
        initialUsername={lastUser}
        onSuccess={() => {
          setOpen(false);
          void invalidateAuthStore();
        }}
      />
      <div style={{ textAlign: 'center', marginTop: 12 }}>
        <Button
          type="link"
          onClick={() => {
            setOpen(false);
            navigate(`/Login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
          }}
        >
          {t('common:actions.toLoginPage')}
        </Button>
      </div>
    </Modal>
  );
}
