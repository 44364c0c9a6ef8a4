import { randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { AppError } from '../../errors';
import { destroySession, saveSession, SESSION_COOKIE } from '../../http/session';

async function signOut(req: Request, res: Response) {
  await destroySession(req);
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The session's sign-out token (random, kept in the session), created on first use. */
async function logoutToken(req: Request): Promise<string | null> {
  if (!req.user) return null;
  if (!req.session.logoutToken) {
    req.session.logoutToken = randomBytes(24).toString('base64url');
    await saveSession(req);
  }
  return req.session.logoutToken;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A small page, no script (the CSP allows none inline): sign out for real, or go back to Buildboard. */
function sendLogoutConfirm(res: Response, token: string | null) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  const form = token
    ? `<form method="post" action="/api/logout"><input type="hidden" name="token" value="${token}"><button type="submit">Sign out</button></form>`
    : '<p>You are not signed in.</p>';
  res.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out of Buildboard?</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><main><h1>Sign out of Buildboard?</h1>
<p>Another page asked to sign you out.</p>${form}<p><a href="/">Stay signed in</a></p></main></body></html>`);
}

/**
 * Sign Out is a full-page navigation, so the page reloads signed out with nothing of the member in
 * memory. It signs out only when the browser says the navigation came from our own pages (Sec-Fetch-Site
 * same-origin, or none for a typed address); an image, another site or a hosted project's popup gets a
 * small confirm page whose form POSTs back with the session's token, so nobody else's page can sign a
 * member out.
 */
export function logoutRoutes(router: Router): void {
  router.post('/api/auth/logout', async (req, res) => {
    await signOut(req, res);
    res.status(204).end();
  });

  router.get('/api/logout', async (req, res) => {
    const site = req.get('sec-fetch-site');
    const dest = req.get('sec-fetch-dest');
    if ((site === 'same-origin' || site === 'none') && (!dest || dest === 'document')) {
      await signOut(req, res);
      res.redirect('/');
      return;
    }
    if (dest && dest !== 'document' && dest !== 'iframe') throw AppError.validation('Sign out must be a page navigation');
    sendLogoutConfirm(res, await logoutToken(req));
  });

  router.post('/api/logout', express.urlencoded({ extended: false, limit: '2kb' }), async (req, res) => {
    const given = (req.body as { token?: unknown } | undefined)?.token;
    const expected = req.session?.logoutToken;
    if (!req.user) {
      res.redirect(303, '/');
      return;
    }
    if (typeof given !== 'string' || !expected || !sameToken(given, expected)) {
      res.status(403);
      sendLogoutConfirm(res, await logoutToken(req));
      return;
    }
    await signOut(req, res);
    res.redirect(303, '/');
  });
}
