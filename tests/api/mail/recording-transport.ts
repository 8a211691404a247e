import type { MailTransport } from '../../../server/core/mail/transport';

export interface HandedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * A mail server stand-in keeping every mail handed to it: what the recipient would get, the only place a
 * reset or invitation link is in clear (DESIGN §10). Tests read links here, never from the outbox.
 */
export function recordingTransport() {
  const sent: HandedMail[] = [];
  const transport: MailTransport & { sent: HandedMail[]; clear(): void; tokenTo(recipient: string, page: string): string | undefined } = {
    sent,
    async sendMail(message) {
      sent.push({ ...message });
      return { accepted: [message.to] };
    },
    clear() {
      sent.length = 0;
    },
    /** The token of the newest link to `page` (e.g. '/ResetPassword') handed over for the recipient. */
    tokenTo(recipient, page) {
      const pattern = new RegExp(`${page.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`);
      for (const mail of [...sent].reverse()) {
        if (mail.to !== recipient) continue;
        const match = pattern.exec(mail.text);
        if (match) return match[1];
      }
      return undefined;
    },
  };
  return transport;
}
