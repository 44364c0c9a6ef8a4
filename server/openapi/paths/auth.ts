import { z } from '@shared/zod';
import { ZCurrentUserSchema, ZLoginRequestSchema, ZRegisterRequestSchema } from '@shared/schemas/auth';
import type { DomainDoc } from '../registry';

export const authDoc: DomainDoc = {
  tag: 'Auth',
  description: 'Accounts, sessions and sign-in (cookie session `bb.sid`).',
  routes: [
    { method: 'post', path: '/api/auth/register', summary: 'Create an account and sign in', access: 'visitor', body: ZRegisterRequestSchema, responses: { 201: { description: 'The new current user', schema: ZCurrentUserSchema }, 409: { description: 'Email taken' } } },
    { method: 'post', path: '/api/auth/login', summary: 'Sign in with email and password', access: 'visitor', body: ZLoginRequestSchema, responses: { 200: { description: 'The current user', schema: ZCurrentUserSchema }, 401: { description: 'Invalid email or password' }, 403: { description: 'Suspended' } } },
    { method: 'post', path: '/api/auth/logout', summary: 'Sign out (JSON clients)', access: 'visitor', responses: { 204: { description: 'Signed out' } } },
    { method: 'get', path: '/api/auth/user', summary: 'The signed-in user', access: 'member', responses: { 200: { description: 'The current user', schema: ZCurrentUserSchema } } },
    { method: 'get', path: '/api/auth/providers', summary: 'Which sign-in methods are enabled', access: 'visitor', responses: { 200: { description: 'Providers', schema: z.object({ password: z.boolean(), oidc: z.boolean() }) } } },
    { method: 'get', path: '/api/login', summary: 'Start sign-in (full-page navigation); `returnTo` must be a same-origin path', access: 'visitor', query: z.object({ returnTo: z.string().optional(), mode: z.enum(['signup']).optional() }), responses: { 302: { description: 'To the provider or /signin' } } },
    { method: 'get', path: '/api/callback', summary: 'OpenID Connect callback', access: 'visitor', query: z.object({ code: z.string().optional(), state: z.string().optional() }), responses: { 302: { description: 'Back to returnTo, or /signin with an error' } } },
    { method: 'get', path: '/api/logout', summary: 'Sign out by navigation (same-origin only; otherwise a confirm page)', access: 'visitor', responses: { 200: { description: 'Confirm page (HTML)', contentType: 'text/html' }, 302: { description: 'Signed out, to /' } } },
    { method: 'post', path: '/api/logout', summary: "The confirm page's sign-out form", access: 'visitor', body: z.object({ token: z.string() }), responses: { 303: { description: 'Signed out, to /' }, 403: { description: 'Wrong token (confirm page again)' } } },
  ],
};
