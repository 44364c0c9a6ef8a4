import express, { Router, type Response } from 'express';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_SETTINGS_MESSAGES,
  ZNotificationSettingsUpdateSchema,
  type TNotificationKind,
} from '@shared/schemas/notification-settings';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { escapeHtml } from '../../http/html-escape';
import { parse } from '../../http/validate';
import { readNotificationSettings, unsubscribeFromKind, updateNotificationSettings } from './notification-settings';

/** A small page without script (the CSP allows none inline), like the sign-out confirm page. */
function sendPage(res: Response, title: string, body: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/settings#notifications">Notification settings</a></p></main></body></html>`);
}

/**
 * The member's notification settings, and the one-click unsubscribe of notification mails (RFC 8058):
 * a mail client POSTs to the link without cookies; opening it in a browser shows a confirm page (a GET
 * changes nothing, so link scanners cannot unsubscribe anyone).
 */
export function notificationSettingsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/notification-settings', requireUser, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(readNotificationSettings(currentUser(req)));
  });

  router.put('/api/notification-settings', requireUser, async (req, res) => {
    const change = parse(ZNotificationSettingsUpdateSchema, req.body);
    res.json(await updateNotificationSettings(deps.db, currentUser(req).id, change));
  });

  router.get('/api/unsubscribe', (req, res) => {
    const target = deps.unsubscribes.read(req.query.token);
    if (!target) return void sendPage(res.status(400), 'Unsubscribe', `<p>${escapeHtml(NOTIFICATION_SETTINGS_MESSAGES.unsubscribeInvalid)}</p>`);
    const label = NOTIFICATION_KIND_LABELS[target.kind].toLowerCase();
    sendPage(
      res,
      'Unsubscribe',
      `<p>Stop emails about ${escapeHtml(label)}? You will still see them in the app.</p>
<form method="post"><input type="hidden" name="token" value="${escapeHtml(String(req.query.token))}"><button type="submit">Stop these emails</button></form>`,
    );
  });

  router.post('/api/unsubscribe', express.urlencoded({ extended: false, limit: '2kb' }), async (req, res) => {
    const token = req.query.token ?? (req.body as { token?: unknown } | undefined)?.token;
    const target = deps.unsubscribes.read(token);
    if (!target || !(await unsubscribeFromKind(deps.db, target.userId, target.kind))) {
      return void sendPage(res.status(400), 'Unsubscribe', `<p>${escapeHtml(NOTIFICATION_SETTINGS_MESSAGES.unsubscribeInvalid)}</p>`);
    }
    sendPage(res, 'Unsubscribed', `<p>${escapeHtml(NOTIFICATION_SETTINGS_MESSAGES.unsubscribed(target.kind as TNotificationKind))}</p>`);
  });

  return router;
}
