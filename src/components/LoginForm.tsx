import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useInvalidateAuthStore } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authProvider } from '../providers/auth';

export interface LoginFormProps {
  redirect?: string;
  onSuccess: (redirectTo: string) => void;
  /** Prefilled user name (the session dialog keeps the current user). */
  initialUsername?: string;
  size?: 'large' | 'middle';
}

interface Values {
  username: string;
  password: string;
}

/**
 * The login form (spec §5): user ID and password required, checked on blur; the answer's code is shown
 * translated (5 wrong credentials, 6 locked, 92 too many wrong entries, 97 share expired).
 */
export function LoginForm({ redirect, onSuccess, initialUsername, size = 'large' }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const invalidateAuthStore = useInvalidateAuthStore();

  const submit = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await authProvider.login({ ...values, redirect });
      if (result.success) {
        await invalidateAuthStore();
        onSuccess(result.redirectTo ?? '/');
      } else {
        setError(result.error?.message ?? t('login:failed'));
        form.setFieldValue('password', '');
      }
    } catch {
      // HTTP errors are already shown by the /api client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size={size}
      requiredMark={false}
      initialValues={{ username: initialUsername ?? '', password: '' }}
      onFinish={submit}
      onValuesChange={() => error && setError(undefined)}
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 20 }} role="alert" /> : null}
      <Form.Item
        name="username"
        label={t('login:username')}
        validateTrigger="onBlur"
        rules={[{ required: true, whitespace: true, message: t('login:validation.username') }]}
      >
        <Input prefix={<UserOutlined />} placeholder={t('login:usernamePlaceholder')} autoComplete="username" autoFocus={!initialUsername} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login:password')}
        validateTrigger="onBlur"
        rules={[{ required: true, message: t('login:validation.password') }]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('login:passwordPlaceholder')} autoComplete="current-password" autoFocus={!!initialUsername} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, marginTop: 8 }}>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login:submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
