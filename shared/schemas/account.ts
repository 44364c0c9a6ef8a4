import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { z } from '../zod';
import { emailSchema } from './auth';

/** The texts of the account screens and their errors, shared by server and web. */
export const ACCOUNT_MESSAGES = {
  linkInvalid: 'This link is not valid. Please ask for a new one.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  linkUsed: 'This link has already been used. Please ask for a new one if you still need it.',
  commonPassword: 'This password is one of the most common ones, so it is easy to guess. Please choose another.',
  wrongPassword: 'Your current password is not correct',
  passwordRequired: 'Please enter your password to confirm',
  samePassword: 'Your new password must be different from your current one',
  sameEmail: 'This is already your email address',
  providerEmail: 'Your email address comes from your identity provider',
  resetSent: "If an account exists for that address, we've sent it a link to reset its password.",
  verificationSent: 'Verification email sent. Check your inbox.',
  alreadyVerified: 'Your email address is already verified',
  noEmail: 'Your account has no email address',
  emailVerified: 'Your email address is verified.',
  emailChangeSent: 'We sent a confirmation link to your new address. The change takes effect once you confirm it.',
  emailChanged: 'Your email address was changed.',
  passwordChanged: 'Your password was changed. Every other device was signed out.',
  passwordReset: 'Your password was reset. You are signed in, and every other device was signed out.',
  sessionNotFound: 'That session has already ended',
  currentSession: 'Use Sign Out to end the session you are using',
  exportPending: 'Your data is being prepared. We will email you when it is ready.',
  exportNotFound: 'That download is not available any more',
  reauthRequired: 'Please sign in again to confirm',
  accountDeleted: 'Your account was deleted.',
  pendingDeletion: 'This account was deleted. You can restore it until it is erased.',
  accountRestored: 'Welcome back! Your account was restored.',
} as const;

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be ${PASSWORD_MAX} characters or less`);

/** The token of a link sent by mail: "<id>.<secret>". */
const token = z.string().trim().min(1, ACCOUNT_MESSAGES.linkInvalid).max(200, ACCOUNT_MESSAGES.linkInvalid);

export const ZTokenRequestSchema = z.object({ token });
export type TTokenRequest = z.infer<typeof ZTokenRequestSchema>;

export const ZForgotPasswordRequestSchema = z.object({ email: emailSchema });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequestSchema>;

export const ZResetPasswordRequestSchema = z.object({ token, password: newPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequestSchema>;

export const ZChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, ACCOUNT_MESSAGES.passwordRequired).max(PASSWORD_MAX),
  newPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

export const ZChangeEmailRequestSchema = z.object({
  newEmail: emailSchema,
  password: z.string().min(1, ACCOUNT_MESSAGES.passwordRequired).max(PASSWORD_MAX),
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequestSchema>;

/** Deleting an account: a password account confirms with its password, an OIDC one by signing in again. */
export const ZDeleteAccountRequestSchema = z.object({ password: z.string().max(PASSWORD_MAX).optional() });
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequestSchema>;

/** A plain message answer: what happened, in a sentence to show. */
export const ZMessageResponseSchema = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponseSchema>;

/** One signed-in session of the member, as the settings screen lists it. */
export const ZAccountSessionSchema = z.object({
  /** An opaque handle of the session (never its cookie value). */
  id: z.string(),
  device: z.string(),
  signedInAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  current: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSessionSchema>;
export const ZAccountSessionsSchema = z.array(ZAccountSessionSchema);

export const ZAccountExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
});
export type TAccountExport = z.infer<typeof ZAccountExportSchema>;
export const ZAccountExportsSchema = z.array(ZAccountExportSchema);

/** A sign-in of a deleted account awaiting purge: the offer to restore it (409 with code). */
export const ZPendingDeletionSchema = z.object({
  message: z.string(),
  code: z.literal('ACCOUNT_PENDING_DELETION'),
  restoreToken: z.string(),
  purgeAfter: z.string(),
});
export type TPendingDeletion = z.infer<typeof ZPendingDeletionSchema>;
