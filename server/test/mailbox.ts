import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it. */
export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Each header as sent (lower-cased name -> its value, unfolded). */
  headers: Map<string, string>;
};

export type Mailbox = {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The first mail (received now or later) to this address whose subject matches; fails after timeoutMs. */
  waitFor(to: string, subject?: RegExp | string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to this address received so far. */
  to(address: string): ReceivedMail[];
  /** Holds every SMTP session before DATA is accepted (a sender that hangs mid-send), or lets them go. */
  hold(on: boolean): void;
  /** Resolves once a sender has connected while held. */
  heldSession(): Promise<void>;
  /** Each recipient is accepted only after this long (a slow relay, before the message is sent), 0 for at once. */
  slow(ms: number): void;
  /** The next `n` messages are refused with a temporary error (an SMTP server having trouble). */
  refuseNext(n: number): void;
  close(): Promise<void>;
};

/** The first link of a mail's text part, and its token parameter. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return new URL(match[0]);
}

export function tokenIn(mail: ReceivedMail): string {
  const token = linkIn(mail).searchParams.get('token');
  if (!token) throw new Error(`no token in the link of "${mail.subject}"`);
  return token;
}

function toReceived(parsed: ParsedMail, rcpt: string[]): ReceivedMail {
  return {
    to: rcpt.map((r) => r.toLowerCase()),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId ?? '',
    headers: new Map(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim()])),
  };
}

/** A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it receives, for tests. */
export async function startMailbox(listenOn = 0): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  let held = false;
  let refusals = 0;
  let delayMs = 0;
  let onHeld: (() => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (delayMs) setTimeout(() => callback(), delayMs);
      else callback();
    },
    onData(stream, session, callback) {
      if (held) {
        onHeld?.();
        // Never answers: the sender waits mid-send until it is killed.
        stream.resume();
        return;
      }
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail = toReceived(parsed, session.envelope.rcptTo.map((r) => r.address));
          messages.push(mail);
          for (const w of waiters.splice(0)) {
            if (w.match(mail)) w.resolve(mail);
            else waiters.push(w);
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  // A sender killed mid-conversation resets its connection: nothing to report.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const matcher = (to: string, subject?: RegExp | string) => (m: ReceivedMail) =>
    m.to.includes(to.toLowerCase()) && (subject === undefined || (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(to, subject, timeoutMs = 10_000) {
      const match = matcher(to, subject);
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} (${String(subject)}) within ${timeoutMs} ms; got: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`)), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    hold(on) {
      held = on;
    },
    heldSession: () => new Promise<void>((resolve) => (onHeld = resolve)),
    slow(ms) {
      delayMs = ms;
    },
    refuseNext(n) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
