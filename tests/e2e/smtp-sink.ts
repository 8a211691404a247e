import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';

/**
 * The mail server of the browser tests: the portal gets SMTP_URL pointing here, and every mail it hands over
 * lands as a file in `dir`, where a test reads what a recipient would find in their inbox (reset and
 * invitation links exist only there, DESIGN §10). Just enough SMTP for nodemailer: no TLS, no auth.
 */
export async function startSmtpSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // Mails arrive 7-bit encoded; latin1 keeps any stray byte as it came.
    socket.setEncoding('latin1');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let pending = '';
    let recipients: string[] = [];
    let data: string[] | undefined;
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data) {
          if (line === '.') {
            received += 1;
            writeFileSync(
              join(dir, `${String(received).padStart(6, '0')}.json`),
              JSON.stringify({ to: recipients, message: data.join('\r\n') }),
            );
            data = undefined;
            reply('250 OK');
          } else data.push(line.startsWith('.') ? line.slice(1) : line); // dot-stuffing
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'EHLO':
          case 'HELO':
            reply('250 e2e-sink');
            break;
          case 'MAIL':
          case 'RSET':
            recipients = [];
            reply('250 OK');
            break;
          case 'RCPT':
            recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 OK');
            break;
          case 'DATA':
            data = [];
            reply('354 end with <CRLF>.<CRLF>');
            break;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            break;
          default:
            reply('250 OK');
        }
      }
    });
    reply('220 e2e-sink ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });
  return { url: `smtp://127.0.0.1:${port}`, close };
}

/** The texts of the mails in the sink for a recipient, oldest first, decoded as a mail program shows them. */
export function mailTextsTo(dir: string, recipient: string): string[] {
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; message: string })
    .filter((mail) => mail.to.includes(recipient))
    .map((mail) => bodyText(mail.message));
}

function bodyText(message: string): string {
  const split = message.indexOf('\r\n\r\n');
  const headers = message.slice(0, split);
  const body = message.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
