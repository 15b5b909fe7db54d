import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * By SMTP when SMTP_URL is set. Otherwise each message becomes an .eml file in `outboxDir`,
 * with its link printed, so a newcomer can follow mail without any mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  /** The From of each message, read as it is sent (System Settings' sender address). */
  from: string | (() => Promise<string>);
  outboxDir: string;
}): Mailer {
  const from = async () => (typeof options.from === 'string' ? options.from : options.from());
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: await from(), ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: await from(), ...message });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      console.log(
        `[mail] "${message.subject}" to ${message.to} saved as ${file}${link ? `\n[mail] link: ${link}` : ''}`,
      );
    },
    close: () => transport.close(),
  };
}
