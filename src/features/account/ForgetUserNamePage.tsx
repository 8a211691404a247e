import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgetUserName } from './api';
import { AuthLayout } from './AuthLayout';
import { BackToLogin } from './parts/BackToLogin';
import { CodeAlert } from './parts/CodeAlert';
import { emailRules } from './parts/rules';
import { useAccountCall } from './parts/useAccountCall';

/** /ForgetUserName: the server mails the user name of an address to it (11 unknown address, 15 too often). */
export default function ForgetUserNamePage() {
  const { t } = useTranslation();
  const { busy, failure, run } = useAccountCall();
  const [sentTo, setSentTo] = useState<string>();

  const submit = async ({ email }: { email: string }) => {
    const address = email.trim();
    if ((await run(() => forgetUserName(address)))?.code === 200) setSentTo(address);
  };

  return (
    <AuthLayout title={t('login:account.forgetUserName.title')} subtitle={sentTo ? undefined : t('login:account.forgetUserName.subtitle')}>
      {sentTo ? (
        <Result
          status="success"
          title={t('login:account.forgetUserName.sentTitle')}
          subTitle={t('login:account.forgetUserName.sentText', { email: sentTo })}
        />
      ) : (
        <>
          <CodeAlert code={failure} />
          <Form layout="vertical" size="large" requiredMark={false} onFinish={submit}>
            <Form.Item name="email" label={t('login:account.email')} rules={emailRules(t)}>
              <Input type="email" autoComplete="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login:account.forgetUserName.submit')}
            </Button>
          </Form>
        </>
      )}
      <BackToLogin>
        <Link to="/ForgetPassword">{t('login:forgotPassword')}</Link>
      </BackToLogin>
    </AuthLayout>
  );
}
