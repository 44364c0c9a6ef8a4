import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';

export type Member = { email: string; password: string; firstName?: string; lastName?: string };

export function newMember(firstName?: string, lastName?: string): Member {
  return { email: `e2e-${randomBytes(5).toString('hex')}@example.com`, password: 'correct horse battery', firstName, lastName };
}

/** Registers through the API and signs the page's browser context in (faster than the form). */
export async function signUpViaApi(page: Page, m: Member = newMember()): Promise<Member> {
  const res = await page.request.post('/api/auth/register', { data: m });
  expect(res.status(), await res.text()).toBe(201);
  return m;
}

export async function registerOnly(request: APIRequestContext, m: Member = newMember()) {
  const res = await request.post('/api/auth/register', { data: m });
  expect(res.status(), await res.text()).toBe(201);
  return { member: m, user: (await res.json()) as { id: string; handle: string } };
}

export type MailSeen = { subject: string; text: string; html: string; messageId: string };

/** The mails the e2e mailbox (e2e/mail-sink.ts) received for an address, oldest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<MailSeen[]> {
  const res = await request.get(`http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 5392}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as MailSeen[];
}

/** The first mail to an address with this subject, waited for. */
export async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<MailSeen> {
  let found: MailSeen | undefined;
  await expect
    .poll(async () => (found = (await mailsTo(request, to)).find((m) => m.subject === subject)), { timeout: 15_000, message: `a mail "${subject}" to ${to}` })
    .toBeTruthy();
  return found!;
}

/** The link of a mail's text part. */
export function linkOf(mail: MailSeen): URL {
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
}

/** Follows the verification link mailed to the member, with the request's cookies (API, not the page). */
export async function verifyViaMail(request: APIRequestContext, email: string): Promise<void> {
  const mail = await mailTo(request, email, 'Verify your email address');
  const res = await request.post('/api/auth/verify-email', { data: { token: linkOf(mail).searchParams.get('token') } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Listed in ADMIN_EMAILS by playwright.config.ts: it becomes an admin once its address is verified. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';

/**
 * Creates an external project through the API as the request's member and answers it; `values`
 * override the defaults (a title, a category...). Every spec makes its own projects this way.
 */
export async function createProjectViaApi(request: APIRequestContext, baseURL: string, values: Record<string, unknown> = {}) {
  const res = await request.post('/api/projects', {
    data: {
      title: 'Snake in WebGL',
      description: 'The classic game, drawn on the GPU.',
      thumbnail: `${baseURL}/demo/thumb-1.svg`,
      category: 'Game Development',
      tutorialUrl: 'https://example.com/tutorial',
      projectUrl: 'https://example.com/app',
      hostingType: 'external',
      ...values,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

/**
 * Counts the Socket.IO connections the page's live socket completes (the server's CONNECT acknowledgement),
 * passing every frame through unchanged (the test's route stands in for the server's end). `hold` keeps new sockets from reaching the server until the
 * returned `release` is called (a socket still connecting). Call before the page navigates.
 */
export async function watchLiveSocket(page: Page, { hold = false } = {}) {
  let connected = 0;
  const routes: WebSocketRoute[] = [];
  let release!: () => void;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    routes.push(ws);
    void released.then(() => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (typeof message === 'string' && message.startsWith('40')) connected++;
        ws.send(message);
      });
    });
  });
  // `latest` stands in for the server's end of the newest socket: close it, or send it packets.
  return { connected: () => connected, release: () => release?.(), latest: () => routes.at(-1)! };
}
