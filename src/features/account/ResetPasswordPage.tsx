import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from './api';
import { AuthLayout } from './AuthLayout';
import { BackToLogin } from './parts/BackToLogin';
import { CodeAlert } from './parts/CodeAlert';
import { LoginButton } from './parts/LoginButton';
import { NewPasswordFields } from './parts/NewPasswordFields';
import { useAccountCall } from './parts/useAccountCall';

interface ResetForm {
  password: string;
  confirm: string;
}

/** /ResetPassword?token=: the mailed link; a new password twice (12 link expired or used, 2 weak, 98 share expired). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [form] = Form.useForm<ResetForm>();
  const { busy, failure, setFailure, run } = useAccountCall();
  const [done, setDone] = useState(false);
  const [expired, setExpired] = useState(!token);

  const submit = async ({ password }: ResetForm) => {
    const answer = await run(() => resetPassword(token, password));
    if (answer?.code === 200) setDone(true);
    else if (answer?.code === 12) setExpired(true);
    else if (answer?.code === 2) {
      setFailure(undefined);
      form.setFields([{ name: 'password', errors: [t('login:account.validation.passwordRule')] }]);
    }
  };

  const body = done ? (
    <Result
      status="success"
      title={t('login:account.resetPassword.doneTitle')}
      subTitle={t('login:account.resetPassword.doneText')}
      extra={<LoginButton />}
    />
  ) : expired ? (
    <Result
      status="warning"
      title={t('login:account.resetPassword.invalidTitle')}
      subTitle={t('login:account.resetPassword.invalidText')}
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/ForgetPassword')}>
          {t('login:account.resetPassword.requestNew')}
        </Button>
      }
    />
  ) : (
    <>
      <CodeAlert code={failure} />
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <NewPasswordFields label={t('login:account.newPassword')} autoFocus />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login:account.resetPassword.submit')}
        </Button>
      </Form>
    </>
  );

  return (
    <AuthLayout
      title={t('login:account.resetPassword.title')}
      subtitle={done || expired ? undefined : t('login:account.resetPassword.subtitle')}
    >
      {body}
      {done ? null : <BackToLogin />}
    </AuthLayout>
  );
}
