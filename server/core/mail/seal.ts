import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals the text of a mail that carries a secret (a reset or invitation link) for its stay in the outbox
 * (mail_outbox.sealed_body, DESIGN §10): whoever reads the table or a backup of it finds no usable link; only
 * the server holding the secret opens it to hand the mail to the transport.
 *
 * AES-256-GCM under a key derived by HKDF-SHA256 from the server's secret (the JWT secret of AppConfig) with a
 * label of its own, so the key is used for nothing else. The recipient is authenticated data: a sealed text
 * moved to another row (or a row whose recipient was changed) no longer opens, so it cannot be redirected.
 */
export interface MailSeal {
  seal(text: string, recipient: string): string;
  /** The sealed text; throws when it was not sealed by this server's key for this recipient. */
  open(sealed: string, recipient: string): string;
}

const KEY_LABEL = 'ess-portal mail_outbox.sealed_body v1';
const FORMAT = 'v1';
const IV_BYTES = 12;

export function createMailSeal(serverSecret: string): MailSeal {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), KEY_LABEL, 32));
  const recipientData = (recipient: string) => Buffer.from(recipient.trim().toLowerCase(), 'utf8');
  return {
    seal(text, recipient) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(recipientData(recipient));
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, recipient) {
      const [format, iv, tag, data] = sealed.split('.');
      if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined)
        throw new Error('sealed mail text in an unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(recipientData(recipient));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
