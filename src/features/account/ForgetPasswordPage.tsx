import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgetPassword } from './api';
import { AuthLayout } from './AuthLayout';
import { BackToLogin } from './parts/BackToLogin';
import { CodeAlert } from './parts/CodeAlert';
import { useAccountCall } from './parts/useAccountCall';

/** /ForgetPassword: a user name or e-mail; the server mails the account a reset link (4, 11, 98, 15 shown here). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { busy, failure, run } = useAccountCall();
  const [sent, setSent] = useState(false);

  const submit = async ({ username }: { username: string }) => {
    if ((await run(() => forgetPassword(username.trim())))?.code === 200) setSent(true);
  };

  return (
    <AuthLayout title={t('login:account.forgetPassword.title')} subtitle={sent ? undefined : t('login:account.forgetPassword.subtitle')}>
      {sent ? (
        <Result
          status="success"
          title={t('login:account.forgetPassword.sentTitle')}
          subTitle={t('login:account.forgetPassword.sentText')}
        />
      ) : (
        <>
          <CodeAlert code={failure} />
          <Form layout="vertical" size="large" requiredMark={false} onFinish={submit}>
            <Form.Item
              name="username"
              label={t('login:account.usernameOrEmail')}
              rules={[{ required: true, whitespace: true, message: t('login:account.validation.usernameOrEmail') }]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login:account.forgetPassword.submit')}
            </Button>
          </Form>
        </>
      )}
      <BackToLogin>
        <Link to="/ForgetUserName">{t('login:forgotUserName')}</Link>
      </BackToLogin>
    </AuthLayout>
  );
}
