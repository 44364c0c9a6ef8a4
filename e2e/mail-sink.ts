// The e2e suite's mailbox: a real SMTP server the e2e app server sends to (SMTP_URL), and a small HTTP
// read-out the specs poll for a member's mail (e2e/support.ts mailTo). Started by playwright.config.ts.
import { createServer } from 'node:http';
import { startMailbox } from '../server/test/mailbox';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5393);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 5392);
const mailbox = await startMailbox(smtpPort);

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mail.invalid');
  if (url.pathname === '/health') return void res.end('ok');
  if (url.pathname !== '/messages') return void res.writeHead(404).end();
  const to = url.searchParams.get('to') ?? '';
  const found = mailbox.to(to).map((m) => ({ subject: m.subject, text: m.text, html: m.html, messageId: m.messageId }));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(found));
}).listen(httpPort, '127.0.0.1');
