import { createTransport } from 'nodemailer';
import type { Logger } from '../logger';
import type { MailMessage } from './mail-message';

export type MailTransport = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise every mail is written to the log, links and
 * all, so that someone running the embedded default can follow a reset or a verification on their
 * own machine.
 */
export function createMailTransport(opts: { smtpUrl?: string; from: string; logger: Logger }): MailTransport {
  if (!opts.smtpUrl) {
    return {
      async send(message) {
        opts.logger.info(`Mail to ${message.to}: ${message.subject}\n\n${message.text}\n`);
      },
      close() {},
    };
  }
  const transport = createTransport(opts.smtpUrl, { from: opts.from });
  return {
    async send(message) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    close: () => transport.close(),
  };
}
