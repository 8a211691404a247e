import type { Language } from '../../src/i18n/languages';
import type { QueuedMail } from './outbox';
import { mailTexts } from './texts';

/** Categories of the account mails in the outbox (beside the fault mails' system_fault). */
export const PASSWORD_RESET = 'password_reset';
export const USER_NAME_REMINDER = 'user_name';
export const SHARE_INVITATION = 'share_invitation';

/** A page of the portal (a public one: the recipient may not be logged in), with its query. */
export function portalLink(portalUrl: string, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${portalUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

interface Recipient {
  address: string;
  language: Language;
  /** How the mail addresses them (display name or user name); empty for a person without an account yet. */
  name: string;
}

function compose(t: ReturnType<typeof mailTexts>, name: string, lines: string[]): string {
  const greeting = name ? t('account.greeting', { name }) : t('account.greetingPlain');
  return [greeting, '', ...lines, '', '—', t('account.footer')].join('\n');
}

/** The /ResetPassword link for one user. */
export function passwordResetMail(to: Recipient, username: string, link: string): QueuedMail {
  const t = mailTexts(to.language);
  const body = compose(t, to.name, [t('passwordReset.intro', { username }), '', t('passwordReset.link', { link }), '', t('passwordReset.expiry'), t('account.ignore')]);
  return { category: PASSWORD_RESET, recipient: to.address, language: to.language, subject: t('passwordReset.subject'), body };
}

/** The user name registered with the address, and where to log in. */
export function userNameMail(to: Recipient, username: string, loginLink: string): QueuedMail {
  const t = mailTexts(to.language);
  const body = compose(t, to.name, [t('userName.intro', { email: to.address, username }), '', t('userName.login', { link: loginLink }), '', t('account.ignore')]);
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
 * The mail a share sends: to a new person the /shareRegister link (`register`), to someone who already
 * has a sharer account a notice with the /Login link.
 */
export function shareMail(to: Recipient, share: SharedSystem, link: { register: string } | { login: string; username: string }): QueuedMail {
  const t = mailTexts(to.language);
  const until = new Intl.DateTimeFormat(to.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: share.timeZone }).format(share.until);
  const vars = { owner: share.owner, name: share.name, sn: share.sn, until };
  const lines =
    'register' in link
      ? [t('shareInvitation.intro', vars), '', t('shareInvitation.register', { link: link.register }), '', t('shareInvitation.expiry')]
      : [t('shareNotice.intro', vars), '', t('shareNotice.login', { link: link.login, username: link.username })];
  const kind = 'register' in link ? 'shareInvitation' : 'shareNotice';
  return { category: SHARE_INVITATION, recipient: to.address, language: to.language, subject: t(`${kind}.subject`, vars), body: compose(t, to.name, lines), systemId: share.systemId };
}
