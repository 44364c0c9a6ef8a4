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

/** Listed in ADMIN_EMAILS by playwright.config.ts: whoever signs in with it becomes an admin. */
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
