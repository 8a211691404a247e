import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../components/LoginForm';
import { Modal } from '../ui/Modal';

export interface SessionLoginDialogProps {
  open: boolean;
  /** The user name the form starts with: the one whose session ended. */
  lastUser: string;
  onLoggedIn: () => void;
  onToLoginPage: () => void;
}

/** The dialog of SessionDialog: the login form over the layout. It never closes on a backdrop click. */
export default function SessionLoginDialog({ open, lastUser, onLoggedIn, onToLoginPage }: SessionLoginDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('common:session.title')} closable={false} keyboard={false} footer={null} width={420} destroyOnHidden>
      <p style={{ marginTop: 0, color: '#5b6b6b' }}>{t('common:session.text')}</p>
      <LoginForm compact initialUsername={lastUser} onSuccess={onLoggedIn} />
      <div style={{ textAlign: 'center', marginTop: 12 }}>
        <Button type="link" onClick={onToLoginPage}>
          {t('common:actions.toLoginPage')}
        </Button>
      </div>
    </Modal>
  );
}
