import { Alert, App, Button, Checkbox, Form, Input, Modal, Select, Space, Steps, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { accountCalls } from '../../../contract/account-calls';
import type { AnswerOf } from '../../../contract/endpoint';
import type { CheckSysSnAnswer } from '../../../contract/registration';
import { REGISTER_CODE_PATTERN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../../../contract/registration-constants';
import { session } from '../../api/session';
import { loadUser } from '../../auth/user';
import { CitySelect, CountrySelect, StateSelect } from '../reference/CountrySelect';
import { useStateOptions } from '../reference/api';
import { getTimeZones, type TimeZone } from './api';
import { AuthLayout } from './AuthLayout';
import { AgreementText } from './parts/AgreementText';
import { BackToLogin } from './parts/BackToLogin';
import { CodeAlert } from './parts/CodeAlert';
import { confirmRules, emailRules, newPasswordRules } from './parts/rules';
import { checkSysSn, checkUsername, getUserAgreement, register, sendRegisterCode, type RegisterValues } from './registerApi';

// The form always has a code field (the body may leave it out).
type Values = Omit<RegisterValues, 'language' | 'code'> & { code: string; confirm: string };

/** The form's three steps and the fields each checks before the next. */
const STEPS: { key: 'system' | 'account' | 'location'; fields: (keyof Values)[] }[] = [
  { key: 'system', fields: ['sn', 'check_code'] },
  { key: 'account', fields: ['username', 'name', 'password', 'confirm', 'email', 'code'] },
  { key: 'location', fields: ['country', 'state', 'city', 'timeZone', 'agreement'] },
];

/** Where the server's answer belongs: the field, and so the step, it is about. */
const FIELD_OF_CODE: Record<number, keyof Values> = {
  25: 'sn',
  61: 'sn',
  18: 'sn',
  9: 'sn',
  19: 'sn',
  22: 'sn',
  85: 'sn',
  21: 'check_code',
  92: 'check_code',
  50: 'username',
  37: 'email',
  14: 'email',
  53: 'code',
  15: 'code',
  16: 'code',
};

function stepOf(field: keyof Values): number {
  return STEPS.findIndex((s) => s.fields.includes(field));
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * /Register: a home owner creates their account with the S/N and check code on the label of their
 * system and a code mailed to their address; they then own the system and land on its dashboard.
 */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [system, setSystem] = useState<CheckSysSnAnswer>();
  const [failure, setFailure] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [agreement, setAgreement] = useState<AnswerOf<typeof accountCalls.agreement>>();
  const [timeZones, setTimeZones] = useState<TimeZone[]>([]);
  // The invitation an installation mails links here with the label and the address filled in (server/install).
  const [fromInvitation] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    const pick = (key: string) => query.get(key)?.trim().slice(0, 254) || undefined;
    return Object.fromEntries(
      Object.entries({ sn: pick('sn')?.toUpperCase(), check_code: pick('check_code'), email: pick('email') }).filter(([, value]) => value),
    );
  });
  const country = Form.useWatch('country', form);
  const state = Form.useWatch('state', form);
  const states = useStateOptions(country);
  const hasStates = states.loading || states.options.length > 0;
  const lastSnCheck = useRef<{ key: string; code: number; answer?: CheckSysSnAnswer } | undefined>(undefined);

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitSeconds]);

  useEffect(() => {
    void getTimeZones().then((answer) => answer.code === 200 && setTimeZones(answer.data));
  }, []);

  useEffect(() => {
    if (!agreementOpen) return;
    void getUserAgreement(i18n.language).then((answer) => answer.code === 200 && setAgreement(answer.data));
  }, [agreementOpen, i18n.language]);

  const zoneOptions = useMemo(() => timeZones.map((z) => ({ value: z.id, label: z.name })), [timeZones]);
  const codeText = (code: number) => t(`errors:code.${code}`, { defaultValue: t('errors:code.-1') });

  /** The live check of the label: both fields given, asked once per pair. */
  const checkLabel = async (): Promise<void> => {
    const sn = String(form.getFieldValue('sn') ?? '').trim();
    const checkCode = String(form.getFieldValue('check_code') ?? '').trim();
    if (!sn || !checkCode) return;
    const key = `${sn.toUpperCase()}|${checkCode.toUpperCase()}`;
    let result = lastSnCheck.current?.key === key ? lastSnCheck.current : undefined;
    if (!result) {
      const answer = await checkSysSn(sn, checkCode);
      result = { key, code: answer.code, answer: answer.code === 200 ? answer.data : undefined };
      lastSnCheck.current = result;
    }
    setSystem(result.answer);
    if (result.answer) {
      // The system's place to start the last step with; the owner may change it.
      if (!form.getFieldValue('country')) form.setFieldValue('country', result.answer.countryCode);
      // The system's zone rather than the browser's guess, unless the person chose one.
      if (!form.isFieldTouched('timeZone')) form.setFieldValue('timeZone', result.answer.timeZone);
      return;
    }
    throw new Error(codeText(result.code));
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['email']);
    } catch {
      return;
    }
    const email = String(form.getFieldValue('email')).trim();
    setSending(true);
    try {
      const answer = await sendRegisterCode(email, i18n.language);
      if (answer.code === 200) {
        setResendAt(Date.now() + answer.data.resendInSeconds * 1000);
        setNow(Date.now());
        void message.success(t('login:register.codeSent', { email }));
      } else {
        form.setFields([{ name: answer.code === 37 || answer.code === 14 ? 'email' : 'code', errors: [codeText(answer.code)] }]);
      }
    } finally {
      setSending(false);
    }
  };

  const next = async () => {
    try {
      await form.validateFields(STEPS[step]!.fields);
      setStep((s) => Math.min(s + 1, STEPS.length - 1));
    } catch {
      // the fields show what is wrong
    }
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (error) {
      // A field of an earlier step: go there.
      const first = (error as { errorFields?: { name: (keyof Values)[] }[] }).errorFields?.[0]?.name[0];
      if (first) setStep(stepOf(first));
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const { confirm: _confirm, ...body } = values;
      const answer = await register({
        ...body,
        username: body.username.trim(),
        name: body.name.trim(),
        email: body.email.trim(),
        code: body.code.trim(),
        sn: body.sn.trim(),
        check_code: body.check_code.trim(),
        state: body.state || undefined,
        city: body.city || undefined,
        language: i18n.language,
      });
      if (answer.code !== 200) {
        // 37 is the e-mail's, unless the server says it is the name (a staff member's display name).
        const staffName = (answer.data as unknown as { staffName?: boolean } | null)?.staffName === true;
        const field = staffName ? 'name' : FIELD_OF_CODE[answer.code];
        if (field) {
          setStep(stepOf(field));
          form.setFields([{ name: field, errors: [staffName ? t('login:register.validation.staffName') : codeText(answer.code)] }]);
        } else setFailure(answer.code);
        return;
      }
      session.setTokens(answer.data.AccessToken, answer.data.RefreshTokenKey);
      session.setUserName(body.username.trim());
      const loaded = await loadUser({ afterLogin: true });
      if (!loaded.ok) {
        navigate('/Login', { replace: true });
        return;
      }
      void message.success(t('login:register.welcome'));
      navigate(`/dashboard?sn=${encodeURIComponent(answer.data.sn)}`, { replace: true });
    } catch {
      // HTTP errors are already shown by the /api client
    } finally {
      setBusy(false);
    }
  };

  const v = (key: string) => t(`login:register.validation.${key}`);
  const hidden = (i: number) => (step === i ? undefined : { display: 'none' });

  return (
    <AuthLayout
      title={t('login:register.title')}
      subtitle={t(`login:register.subtitle.${STEPS[step]!.key}`)}
      footer={
        <p className="login-card__secure">
          <Link to="/privacy">{t('login:privacyLink')}</Link>
        </p>
      }
    >
      <Steps
        size="small"
        current={step}
        responsive={false}
        className="register-steps"
        items={STEPS.map((s) => ({ title: t(`login:register.steps.${s.key}`) }))}
        style={{ marginBottom: 24 }}
      />
      <CodeAlert code={failure} />
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ timeZone: browserTimeZone(), ...fromInvitation }}
      >
        <div style={hidden(0)}>
          <Alert type="info" showIcon message={t('login:register.labelHint')} style={{ marginBottom: 20 }} />
          <Form.Item
            name="sn"
            label={t('login:register.sn')}
            rules={[{ required: true, whitespace: true, message: v('sn') }]}
            normalize={(value: string) => value.toUpperCase()}
          >
            <Input autoComplete="off" spellCheck={false} maxLength={32} onChange={() => setSystem(undefined)} />
          </Form.Item>
          <Form.Item
            name="check_code"
            label={t('login:register.checkCode')}
            dependencies={['sn']}
            validateTrigger={['onBlur']}
            validateDebounce={300}
            hasFeedback
            rules={[{ required: true, whitespace: true, message: v('checkCode') }, { validator: checkLabel }]}
            normalize={(value: string) => value.toUpperCase()}
          >
            <Input autoComplete="off" spellCheck={false} maxLength={16} onChange={() => setSystem(undefined)} />
          </Form.Item>
          {system ? (
            <Alert
              type="success"
              showIcon
              message={t('login:register.systemFound', { sn: system.sn, model: system.model })}
              style={{ marginBottom: 20 }}
            />
          ) : null}
        </div>

        <div style={hidden(1)}>
          <Form.Item
            name="username"
            label={t('login:account.chooseUsername')}
            validateTrigger={['onBlur']}
            hasFeedback
            rules={[
              { required: true, whitespace: true, message: t('login:account.validation.username') },
              { min: USERNAME_MIN, max: USERNAME_MAX, message: t('login:account.validation.usernameLength') },
              { pattern: USERNAME_PATTERN, message: v('usernameChars') },
              {
                validator: async (_rule, value?: string) => {
                  const name = (value ?? '').trim();
                  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX || !USERNAME_PATTERN.test(name)) return;
                  const answer = await checkUsername(name);
                  if (answer.code !== 200) throw new Error(codeText(answer.code));
                },
              },
            ]}
          >
            <Input autoComplete="username" maxLength={USERNAME_MAX} />
          </Form.Item>
          <Form.Item name="name" label={t('login:register.name')} rules={[{ required: true, whitespace: true, message: v('name') }]}>
            <Input autoComplete="name" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login:account.newPassword')}
            extra={t('login:account.passwordHint')}
            rules={newPasswordRules(t)}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('login:account.confirmPassword')}
            dependencies={['password']}
            rules={confirmRules(t, 'password')}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
          <Form.Item name="email" label={t('login:account.email')} rules={emailRules(t)}>
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Form.Item label={t('login:register.code')} required htmlFor="code">
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[
                  { required: true, whitespace: true, message: v('code') },
                  { pattern: REGISTER_CODE_PATTERN, message: v('codeFormat') },
                ]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Form.Item>
              <Button onClick={sendCode} loading={sending} disabled={waitSeconds > 0}>
                {waitSeconds > 0 ? t('login:register.resendIn', { seconds: waitSeconds }) : t('login:register.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </div>

        <div style={hidden(2)}>
          <Form.Item name="country" label={t('login:register.country')} rules={[{ required: true, message: v('country') }]}>
            <CountrySelect
              onChange={() => {
                form.setFieldsValue({ state: undefined, city: undefined });
              }}
            />
          </Form.Item>
          <Form.Item name="state" label={t('login:register.state')}>
            <StateSelect country={country} onChange={() => form.setFieldValue('city', undefined)} />
          </Form.Item>
          <Form.Item name="city" label={t('login:register.city')}>
            <CitySelect country={country} state={state} hasStates={hasStates} />
          </Form.Item>
          <Form.Item name="timeZone" label={t('login:register.timeZone')} rules={[{ required: true, message: v('timeZone') }]}>
            <Select showSearch options={zoneOptions} loading={timeZones.length === 0} optionFilterProp="label" virtual />
          </Form.Item>
          <Form.Item
            name="agreement"
            valuePropName="checked"
            rules={[{ validator: async (_rule, value?: boolean) => (value ? undefined : Promise.reject(new Error(v('agreement')))) }]}
          >
            <Checkbox>
              {t('login:register.accept')}{' '}
              <Typography.Link
                onClick={(event) => {
                  event.preventDefault();
                  setAgreementOpen(true);
                }}
              >
                {t('login:register.agreement')}
              </Typography.Link>
            </Checkbox>
          </Form.Item>
        </div>

        <div className="register-actions">
          {step > 0 ? (
            <Button onClick={() => setStep(step - 1)} disabled={busy}>
              {t('login:register.back')}
            </Button>
          ) : null}
          {step < STEPS.length - 1 ? (
            <Button type="primary" onClick={next} block={step === 0}>
              {t('login:register.next')}
            </Button>
          ) : (
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('login:register.submit')}
            </Button>
          )}
        </div>
      </Form>
      <BackToLogin />
      <Modal
        open={agreementOpen}
        title={agreement?.title ?? t('login:register.agreement')}
        onCancel={() => setAgreementOpen(false)}
        width={720}
        okText={t('login:register.acceptAgreement')}
        cancelText={t('login:register.close')}
        onOk={() => {
          form.setFieldValue('agreement', true);
          void form.validateFields(['agreement']).catch(() => {});
          setAgreementOpen(false);
        }}
        styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
      >
        {agreement ? (
          <AgreementText content={agreement.content} />
        ) : (
          <Typography.Paragraph>{t('login:register.loading')}</Typography.Paragraph>
        )}
      </Modal>
    </AuthLayout>
  );
}
