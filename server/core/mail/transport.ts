import { createTransport } from 'nodemailer';

/** What the outbox needs of a mail server: nodemailer's sendMail, or a test's stand-in. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

/** The SMTP server of SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS), or none when it is not set. */
export function smtpTransport(smtpUrl: string | undefined): MailTransport | undefined {
  return smtpUrl ? createTransport(smtpUrl) : undefined;
}
