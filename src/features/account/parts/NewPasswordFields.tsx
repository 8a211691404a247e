import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from './rules';

/**
 * A new password typed twice (fields `password` and `confirm`), with the server's strength rule and its hint:
 * the same pair on /ResetPassword and /shareRegister.
 */
export function NewPasswordFields({ label, autoFocus = false }: { label: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={label} extra={t('login:account.passwordHint')} rules={newPasswordRules(t)}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item name="confirm" label={t('login:account.confirmPassword')} dependencies={['password']} rules={confirmRules(t, 'password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
