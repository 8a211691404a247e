import { Button, Form, Input, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { checkSharerAccount, registerSharerAccount } from './api';
import { AuthLayout } from './AuthLayout';
import { BackToLogin } from './parts/BackToLogin';
import { CodeAlert } from './parts/CodeAlert';
import { LoginButton } from './parts/LoginButton';
import { NewPasswordFields } from './parts/NewPasswordFields';
import { useAccountCall } from './parts/useAccountCall';

interface RegisterForm {
  username: string;
  password: string;
  confirm: string;
}

type Stage = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'form'; email: string } | { kind: 'done'; username: string };

/**
 * /shareRegister?token=: the link of a share's invitation (ShareDialog, the invitation mail). The token is
 * checked first; the invited person then chooses a user name and a password and goes on to log in.
 */
export default function ShareRegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [form] = Form.useForm<RegisterForm>();
  const { busy, failure, setFailure, run } = useAccountCall();
  const [stage, setStage] = useState<Stage>(token ? { kind: 'checking' } : { kind: 'invalid' });

  useEffect(() => {
    if (!token) return;
    let active = true;
    checkSharerAccount(token).then(
      (answer) => active && setStage(answer.code === 200 ? { kind: 'form', email: answer.data.email } : { kind: 'invalid' }),
      () => active && setStage({ kind: 'invalid' }),
    );
    return () => {
      active = false;
    };
  }, [token]);

  const submit = async ({ username, password }: RegisterForm) => {
    const name = username.trim();
    const answer = await run(() => registerSharerAccount(token, name, password));
    if (answer?.code === 200) setStage({ kind: 'done', username: name });
    else if (answer?.code === 12) setStage({ kind: 'invalid' });
    else if (answer?.code === 50 || answer?.code === 2) {
      // Shown at the field it concerns rather than above the form.
      setFailure(undefined);
      form.setFields([
        answer.code === 50
          ? { name: 'username', errors: [t('errors:code.50')] }
          : { name: 'password', errors: [t('login:account.validation.passwordRule')] },
      ]);
    }
  };

  const title = stage.kind === 'invalid' ? t('login:account.shareRegister.invalidTitle') : t('login:account.shareRegister.title');
  return (
    <AuthLayout
      title={title}
      subtitle={stage.kind === 'form' ? t('login:account.shareRegister.subtitle', { email: stage.email }) : undefined}
    >
      {stage.kind === 'checking' ? (
        <Spin tip={t('login:account.shareRegister.checking')} size="large">
          <div style={{ minHeight: 160 }} />
        </Spin>
      ) : stage.kind === 'invalid' ? (
        <Result status="warning" subTitle={t('login:account.shareRegister.invalidText')} extra={<LoginButton />} />
      ) : stage.kind === 'done' ? (
        <Result
          status="success"
          title={t('login:account.shareRegister.doneTitle')}
          subTitle={t('login:account.shareRegister.doneText', { username: stage.username })}
          extra={<LoginButton />}
        />
      ) : (
        <>
          <CodeAlert code={failure} />
          <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
            <Form.Item
              name="username"
              label={t('login:account.chooseUsername')}
              rules={[
                { required: true, whitespace: true, message: t('login:account.validation.username') },
                { transform: (value?: string) => value?.trim(), min: 3, max: 64, message: t('login:account.validation.usernameLength') },
              ]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <NewPasswordFields label={t('login:password')} />
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login:account.shareRegister.submit')}
            </Button>
          </Form>
        </>
      )}
      {stage.kind === 'form' ? <BackToLogin /> : null}
    </AuthLayout>
  );
}
