import { z } from '@shared/zod';
import {
  ZAccountExportSchema,
  ZAccountExportsSchema,
  ZAccountSessionsSchema,
  ZChangeEmailRequestSchema,
  ZChangePasswordRequestSchema,
  ZDeleteAccountRequestSchema,
  ZMessageResponseSchema,
} from '@shared/schemas/account';
import type { DomainDoc } from '../registry';

export const accountDoc: DomainDoc = {
  tag: 'Account',
  description: "The signed-in member's own account: password, address, sessions, their data, deletion.",
  routes: [
    { method: 'post', path: '/api/account/password', summary: 'Change the password (the current one confirms); every other session ends', access: 'member', body: ZChangePasswordRequestSchema, responses: { 200: { description: 'Changed', schema: ZMessageResponseSchema }, 400: { description: 'Wrong current password, the same password, or a common one' } } },
    { method: 'post', path: '/api/account/email', summary: 'Ask for a new address: it takes effect once the link mailed to it is followed', access: 'member', body: ZChangeEmailRequestSchema, responses: { 202: { description: 'Link sent', schema: ZMessageResponseSchema }, 400: { description: 'Wrong password, the same address, or an identity-provider account' }, 409: { description: 'Email taken' } } },
    { method: 'get', path: '/api/account/sessions', summary: "The member's signed-in sessions (device, sign-in and last seen), the current first", access: 'member', responses: { 200: { description: 'Sessions', schema: ZAccountSessionsSchema } } },
    { method: 'post', path: '/api/account/sessions/sign-out-others', summary: 'Sign out everywhere else (on every instance, sockets included)', access: 'member', responses: { 200: { description: 'How many sessions ended', schema: z.object({ ended: z.number() }) } } },
    { method: 'delete', path: '/api/account/sessions/{id}', summary: 'Sign out one other session', access: 'member', params: { id: 'The session handle from the list' }, responses: { 204: { description: 'Signed out' }, 400: { description: 'The current session (use Sign Out)' }, 404: { description: 'No such session of the member' } } },
    { method: 'get', path: '/api/account/exports', summary: '"Download my data" archives, newest first', access: 'member', responses: { 200: { description: 'Archives', schema: ZAccountExportsSchema } } },
    { method: 'post', path: '/api/account/exports', summary: 'Build an archive of the member\'s data in the background (mailed when ready)', access: 'member', responses: { 202: { description: 'The archive being built', schema: ZAccountExportSchema } } },
    { method: 'get', path: '/api/account/exports/{id}/download', summary: 'Download a ready archive (ZIP)', access: 'member', params: { id: 'Archive id' }, responses: { 200: { description: 'The ZIP', contentType: 'application/zip' }, 404: { description: 'Not the member\'s, not ready, or expired' } } },
    { method: 'post', path: '/api/account/delete', summary: 'Delete the account: hidden at once, erased after ACCOUNT_PURGE_DAYS; a live subscription is cancelled at its period end', access: 'member', body: ZDeleteAccountRequestSchema, responses: { 200: { description: 'Deleted; signed out', schema: z.object({ message: z.string(), purgeAfter: z.string() }) }, 400: { description: 'Password missing or wrong' }, 403: { description: 'An identity-provider account must sign in again first (code REAUTH_REQUIRED)' }, 409: { description: 'The last administrator' }, 503: { description: 'The subscription could not be cancelled' } } },
  ],
};
