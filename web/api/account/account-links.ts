import type { TCurrentUser } from '@shared/schemas/auth';
import type { TMessageResponse, TResetPasswordRequest } from '@shared/schemas/account';
import { apiJson } from '@web/lib/api-client';

/** What following a link sent by mail answers: a sentence, and the member when they are signed in by it. */
export type TLinkResult = { message: string; user: TCurrentUser | null };

export const ACCOUNT_PATHS = {
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/resend-verification',
  restoreAccount: '/api/auth/restore-account',
  password: '/api/account/password',
  email: '/api/account/email',
  sessions: '/api/account/sessions',
  signOutOthers: '/api/account/sessions/sign-out-others',
  exports: '/api/account/exports',
  deleteAccount: '/api/account/delete',
} as const;

export const forgotPassword = (email: string) => apiJson<TMessageResponse>('POST', ACCOUNT_PATHS.forgotPassword, { email });
export const resetPassword = (input: TResetPasswordRequest) => apiJson<TLinkResult>('POST', ACCOUNT_PATHS.resetPassword, input);
export const verifyEmail = (token: string) => apiJson<TLinkResult>('POST', ACCOUNT_PATHS.verifyEmail, { token });
export const resendVerification = () => apiJson<TMessageResponse>('POST', ACCOUNT_PATHS.resendVerification);
export const restoreAccount = (token: string) => apiJson<TLinkResult>('POST', ACCOUNT_PATHS.restoreAccount, { token });
