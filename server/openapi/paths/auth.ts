import { z } from '@shared/zod';
import { ZCurrentUserSchema, ZLoginRequestSchema, ZRegisterRequestSchema } from '@shared/schemas/auth';
import {
  ZForgotPasswordRequestSchema,
  ZMessageResponseSchema,
  ZPendingDeletionSchema,
  ZResetPasswordRequestSchema,
  ZTokenRequestSchema,
} from '@shared/schemas/account';
import type { DomainDoc } from '../registry';

const ZTokenResultSchema = z.object({ message: z.string(), user: ZCurrentUserSchema.nullable() });

export const authDoc: DomainDoc = {
  tag: 'Auth',
  description: 'Accounts, sessions and sign-in (cookie session `bb.sid`).',
  routes: [
    { method: 'post', path: '/api/auth/register', summary: 'Create an account and sign in; a verification link is mailed', access: 'visitor', body: ZRegisterRequestSchema, responses: { 201: { description: 'The new current user (emailVerified false)', schema: ZCurrentUserSchema }, 400: { description: 'Invalid input, or one of the most common passwords' }, 409: { description: 'Email taken' } } },
    { method: 'post', path: '/api/auth/login', summary: 'Sign in with email and password', access: 'visitor', body: ZLoginRequestSchema, responses: { 200: { description: 'The current user', schema: ZCurrentUserSchema }, 401: { description: 'Invalid email or password' }, 403: { description: 'Suspended' }, 409: { description: 'The account was deleted and can be restored: a restore token', schema: ZPendingDeletionSchema } } },
    { method: 'post', path: '/api/auth/verify-email', summary: "Follow a verification link: verifies the address, or switches to the new one asked for", access: 'visitor', body: ZTokenRequestSchema, responses: { 200: { description: 'What happened, and the current user when the link is the signed-in member\'s', schema: ZTokenResultSchema }, 400: { description: 'The link is not valid, has expired or was used' }, 409: { description: 'The new address was taken meanwhile' } } },
    { method: 'post', path: '/api/auth/resend-verification', summary: 'Mail a new verification link (older ones stop working)', access: 'member', responses: { 202: { description: 'Sent', schema: ZMessageResponseSchema }, 409: { description: 'Already verified' } } },
    { method: 'post', path: '/api/auth/forgot-password', summary: 'Mail a reset link; the same answer whether the address has an account or not', access: 'visitor', body: ZForgotPasswordRequestSchema, responses: { 202: { description: 'Same answer for every address', schema: ZMessageResponseSchema }, 429: { description: 'Too many requests for this address or from this network' } } },
    { method: 'post', path: '/api/auth/reset-password', summary: 'Follow a reset link: set a new password, end every session, sign in here', access: 'visitor', body: ZResetPasswordRequestSchema, responses: { 200: { description: 'Signed in with the new password', schema: ZTokenResultSchema }, 400: { description: 'The link is not valid, has expired or was used; or a common password' } } },
    { method: 'post', path: '/api/auth/restore-account', summary: 'Restore a deleted account within its grace period (the token of the 409 sign-in answer)', access: 'visitor', body: ZTokenRequestSchema, responses: { 200: { description: 'Restored and signed in', schema: ZTokenResultSchema }, 400: { description: 'The token is not valid, has expired or was used' } } },
    { method: 'post', path: '/api/auth/logout', summary: 'Sign out (JSON clients)', access: 'visitor', responses: { 204: { description: 'Signed out' } } },
    { method: 'get', path: '/api/auth/user', summary: 'The signed-in user', access: 'member', responses: { 200: { description: 'The current user', schema: ZCurrentUserSchema } } },
    { method: 'get', path: '/api/auth/providers', summary: 'Which sign-in methods are enabled', access: 'visitor', responses: { 200: { description: 'Providers', schema: z.object({ password: z.boolean(), oidc: z.boolean() }) } } },
    { method: 'get', path: '/api/login', summary: 'Start sign-in (full-page navigation); `returnTo` must be a same-origin path; `reauth=1` signs a member in at the provider again', access: 'visitor', query: z.object({ returnTo: z.string().optional(), mode: z.enum(['signup']).optional(), reauth: z.enum(['1']).optional() }), responses: { 302: { description: 'To the provider or /signin' } } },
    { method: 'get', path: '/api/callback', summary: 'OpenID Connect callback', access: 'visitor', query: z.object({ code: z.string().optional(), state: z.string().optional() }), responses: { 302: { description: 'Back to returnTo, or /signin with an error' } } },
    { method: 'get', path: '/api/logout', summary: 'Sign out by navigation (same-origin only; otherwise a confirm page)', access: 'visitor', responses: { 200: { description: 'Confirm page (HTML)', contentType: 'text/html' }, 302: { description: 'Signed out, to /' } } },
    { method: 'post', path: '/api/logout', summary: "The confirm page's sign-out form", access: 'visitor', body: z.object({ token: z.string() }), responses: { 303: { description: 'Signed out, to /' }, 403: { description: 'Wrong token (confirm page again)' } } },
  ],
};
