import type { Language } from '../../../contract/languages';
import type { QueuedMail } from './outbox';
import { mailTexts } from './texts';
import { ACCOUNT_MAIL_CATEGORIES } from '../../../resources/mailOutbox';

/**
 * Categories of the account mails in the outbox (beside the fault mails' system_fault): one list with the outbox
 * screen, which names them (resources/mailOutbox.ts).
 */
export const [PASSWORD_RESET, USER_NAME_REMINDER, SHARE_INVITATION, REGISTRATION_CODE, SYSTEM_INVITATION] = ACCOUNT_MAIL_CATEGORIES;

/** A page of the portal (a public one: the recipient may not be logged in), with its query. */
export function portalLink(portalUrl: string, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${portalUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** A public page whose `token` query is a secret (a reset or invitation link): only the recipient may see it. */
export interface TokenLink {
  portalUrl: string;
  path: string;
  token: string;
}

type Texts = ReturnType<typeof mailTexts>;

/**
 * The texts of a mail carrying a secret link, written once with the link as a parameter: `bodyWithSecrets`
 * as the recipient gets it, `body` as the outbox shows it, the token masked and the rest readable, so staff
 * can still tell which page a mail pointed to (DESIGN §10).
 */
function withSecretLink(t: Texts, link: TokenLink, text: (link: string) => string): Pick<QueuedMail, 'body' | 'bodyWithSecrets'> {
  const masked = `${portalLink(link.portalUrl, link.path)}?token=${t('account.tokenMasked')}`;
  return { body: text(masked), bodyWithSecrets: text(portalLink(link.portalUrl, link.path, { token: link.token })) };
}

interface Recipient {
  address: string;
  language: Language;
  /** How the mail addresses them (display name or user name); empty for a person without an account yet. */
  name: string;
}

function compose(t: Texts, name: string, lines: string[]): string {
  const greeting = name ? t('account.greeting', { name }) : t('account.greetingPlain');
  return [greeting, '', ...lines, '', '—', t('account.footer')].join('\n');
}

/** The /ResetPassword link for one user. */
export function passwordResetMail(to: Recipient, username: string, resetLink: TokenLink): QueuedMail {
  const t = mailTexts(to.language);
  const text = (link: string) =>
    compose(t, to.name, [
      t('passwordReset.intro', { username }),
      '',
      t('passwordReset.link', { link }),
      '',
      t('passwordReset.expiry'),
      t('account.ignore'),
    ]);
  return {
    category: PASSWORD_RESET,
    recipient: to.address,
    language: to.language,
    subject: t('passwordReset.subject'),
    ...withSecretLink(t, resetLink, text),
  };
}

/** The user name registered with the address, and where to log in. */
export function userNameMail(to: Recipient, username: string, loginLink: string): QueuedMail {
  const t = mailTexts(to.language);
  const body = compose(t, to.name, [
    t('userName.intro', { email: to.address, username }),
    '',
    t('userName.login', { link: loginLink }),
    '',
    t('account.ignore'),
  ]);
  return { category: USER_NAME_REMINDER, recipient: to.address, language: to.language, subject: t('userName.subject'), body };
}

export interface SharedSystem {
  owner: string;
  name: string;
  sn: string;
  until: Date;
  timeZone: string;
  systemId: number;
}

/**
 * The mail a share sends: to a new person the /shareRegister link (`register`, a secret), to someone who
 * already has a sharer account a notice with the /Login link.
 */
export function shareMail(
  to: Recipient,
  share: SharedSystem,
  link: { register: TokenLink } | { login: string; username: string },
): QueuedMail {
  const t = mailTexts(to.language);
  const until = new Intl.DateTimeFormat(to.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: share.timeZone }).format(
    share.until,
  );
  const vars = { owner: share.owner, name: share.name, sn: share.sn, until };
  const mail = { category: SHARE_INVITATION, recipient: to.address, language: to.language, systemId: share.systemId };
  if ('register' in link) {
    const text = (register: string) =>
      compose(t, to.name, [
        t('shareInvitation.intro', vars),
        '',
        t('shareInvitation.register', { link: register }),
        '',
        t('shareInvitation.expiry'),
      ]);
    return { ...mail, subject: t('shareInvitation.subject', vars), ...withSecretLink(t, link.register, text) };
  }
  const lines = [t('shareNotice.intro', vars), '', t('shareNotice.login', { link: link.login, username: link.username })];
  return { ...mail, subject: t('shareNotice.subject', vars), body: compose(t, to.name, lines) };
}

/**
 * The verification code of /Register, for an address that has no account yet. The code is a secret like a reset
 * link: the outbox shows it masked, only the sealed text the transport gets holds it (DESIGN §10).
 */
export function registrationCodeMail(to: Recipient, code: string, minutes: number): QueuedMail {
  const t = mailTexts(to.language);
  const text = (shown: string) =>
    compose(t, to.name, [
      t('registrationCode.intro'),
      '',
      t('registrationCode.code', { code: shown }),
      '',
      t('registrationCode.expiry', { minutes }),
      t('account.ignore'),
    ]);
  return {
    category: REGISTRATION_CODE,
    recipient: to.address,
    language: to.language,
    subject: t('registrationCode.subject'),
    body: text(t('account.tokenMasked')),
    bodyWithSecrets: text(code),
  };
}
