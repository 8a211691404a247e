import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authProvider } from '../providers/auth';
import './login-form.css';

export interface LoginFormProps {
  redirect?: string;
  onSuccess: (redirectTo: string) => void;
  /** Prefilled user name (the session dialog keeps the current user). */
  initialUsername?: string;
  compact?: boolean;
}

type Field = 'username' | 'password';

const RULES: Record<Field, string> = {
  username: 'login:validation.username',
  password: 'login:validation.password',
};

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.3-8 5.2V21h16v-1.8c0-2.9-3.6-5.2-8-5.2Z" fill="currentColor" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M7 10V7.5a5 5 0 0 1 10 0V10h1.5c.8 0 1.5.7 1.5 1.5v9c0 .8-.7 1.5-1.5 1.5h-13C4.7 22 4 21.3 4 20.5v-9c0-.8.7-1.5 1.5-1.5H7Zm2 0h6V7.5a3 3 0 0 0-6 0V10Z"
        fill="currentColor"
      />
    </svg>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z"
        fill="currentColor"
      />
      {open ? null : <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * The login form (spec §5): user ID and password required, checked on blur; the answer's code is shown
 * translated (5 wrong credentials, 6 locked, 92 too many wrong entries, 97 share expired). Plain elements
 * styled like antd, so the login route does not load antd's form machinery.
 */
export function LoginForm({ redirect, onSuccess, initialUsername, compact = false }: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ username: initialUsername ?? '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, boolean>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const check = (field: Field, value = values[field]) => {
    const missing = field === 'username' ? value.trim() === '' : value === '';
    setErrors((current) => ({ ...current, [field]: missing }));
    return !missing;
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field] && value.trim() !== '') setErrors((current) => ({ ...current, [field]: false }));
    if (failure) setFailure(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const okUser = check('username');
    const okPassword = check('password');
    if (!okUser || !okPassword) {
      inputs[okUser ? 'password' : 'username'].current?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await authProvider.login({ ...values, redirect });
      if (result.success) {
        onSuccess(result.redirectTo ?? '/');
        return;
      }
      setFailure(result.error?.message ?? t('login:failed'));
      setValues((current) => ({ ...current, password: '' }));
      inputs.password.current?.focus();
    } catch {
      // HTTP errors are already shown by the /api client
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, placeholder: string, icon: React.ReactNode) => {
    const errorId = `${id}-${name}-error`;
    const isPassword = name === 'password';
    return (
      <div className={`lf-field${errors[name] ? ' lf-field--error' : ''}`}>
        <label htmlFor={name}>{label}</label>
        <div className="lf-input">
          <span className="lf-input__icon">{icon}</span>
          <input
            ref={inputs[name]}
            id={name}
            name={name}
            type={isPassword && !showPassword ? 'password' : 'text'}
            value={values[name]}
            placeholder={placeholder}
            autoComplete={isPassword ? 'current-password' : 'username'}
            autoFocus={isPassword ? !!initialUsername : !initialUsername}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? errorId : undefined}
            onChange={(event) => change(name, event.target.value)}
            onBlur={(event) => check(name, event.target.value)}
          />
          {isPassword ? (
            <button
              type="button"
              className="lf-input__toggle"
              aria-label={t(showPassword ? 'login:hidePassword' : 'login:showPassword')}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              <EyeIcon open={showPassword} />
            </button>
          ) : null}
        </div>
        <div className="lf-field__error" id={errorId} role={errors[name] ? 'alert' : undefined}>
          {errors[name] ? t(RULES[name]) : null}
        </div>
      </div>
    );
  };

  return (
    <form className={`lf${compact ? ' lf--compact' : ''}`} onSubmit={submit} noValidate>
      {failure ? (
        <div className="lf-alert" role="alert">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span>{failure}</span>
        </div>
      ) : null}
      {field('username', t('login:username'), t('login:usernamePlaceholder'), <UserIcon />)}
      {field('password', t('login:password'), t('login:passwordPlaceholder'), <LockIcon />)}
      <button type="submit" className="lf-submit" disabled={busy} aria-busy={busy}>
        {busy ? <span className="lf-spinner" aria-hidden="true" /> : null}
        {t('login:submit')}
      </button>
    </form>
  );
}
