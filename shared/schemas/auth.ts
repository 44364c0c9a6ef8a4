import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { z } from '../zod';

/** An email address as members type it: trimmed, lower-cased, checked. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be 254 characters or less')
  .pipe(z.email('Please enter a valid email address'));

const optionalName = z.string().trim().max(50, 'Names must be 50 characters or less').optional();

export const ZRegisterRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be ${PASSWORD_MAX} characters or less`),
  firstName: optionalName,
  lastName: optionalName,
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

export const ZLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

/** The current user, as GET /api/auth/user answers: what the shell needs to show who is signed in. */
export const ZCurrentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  handle: z.string(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  /** Whether the member proved they receive mail at `email` (the shell shows a banner until then). */
  emailVerified: z.boolean(),
  /** Whether the account signs in with a password (else through the identity provider). */
  hasPassword: z.boolean(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

export { safeReturnTo } from '../return-to';
