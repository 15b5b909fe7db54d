import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text/plain part of a MIME message (nodemailer writes it quoted-printable, base64 or 7bit). */
function plainText(raw: string): string {
  const match = raw.match(
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/i,
  );
  if (!match) return raw;
  const [, encoding, body] = match;
  if (encoding!.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body!);
  if (encoding!.toLowerCase() === 'base64') return Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body!;
}

const header = (raw: string, name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? '';

/** A real SMTP server in the test process: the product sends to it as it would to any mail server. */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private readonly events = new EventEmitter();
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: decodeSubject(header(raw, 'Subject')),
            text: plainText(raw),
            raw,
          };
          this.messages.push(mail);
          this.events.emit('mail', mail);
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first mail (already caught or still to come) to `to` that matches. */
  next(to: string, matches: (mail: CaughtMail) => boolean = () => true, timeoutMs = 20_000): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const seen = new Set<CaughtMail>(this.consumed);
    const fits = (m: CaughtMail) => !seen.has(m) && m.to.includes(address) && matches(m);
    const already = this.messages.find(fits);
    if (already) {
      this.consumed.add(already);
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('mail', onMail);
        reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMail = (mail: CaughtMail) => {
        if (!fits(mail)) return;
        clearTimeout(timer);
        this.events.off('mail', onMail);
        this.consumed.add(mail);
        resolve(mail);
      };
      this.events.on('mail', onMail);
    });
  }

  private consumed = new Set<CaughtMail>();

  sentTo(to: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(to.toLowerCase()));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function decodeSubject(subject: string): string {
  return subject.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

export function linkIn(mail: CaughtMail, pathPrefix: string): URL {
  const found = mail.text.match(/https?:\/\/[^\s]+/g)?.find((l) => new URL(l).pathname === pathPrefix);
  if (!found) throw new Error(`No ${pathPrefix} link in mail "${mail.subject}":\n${mail.text}`);
  return new URL(found);
}
