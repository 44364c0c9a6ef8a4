// The error JSON shape (`{ "message": ... }`, with a `code` where a client acts on it) and the exact
// error texts, shared by server and clients.

/**
 * Reasons a client acts on without reading the message (which is for people): sent as `code` beside the
 * message, only on the answers that have one.
 */
export const ERROR_REASONS = {
  /** The first request with this Idempotency-Key has not answered yet: the same request later gets its answer. */
  idempotencyInProgress: 'IDEMPOTENCY_IN_PROGRESS',
  /** A sign-in of an account deleted and not yet purged: the answer carries a token to restore it. */
  accountPendingDeletion: 'ACCOUNT_PENDING_DELETION',
  /** A change that needs a fresh sign-in through the identity provider first. */
  reauthRequired: 'REAUTH_REQUIRED',
} as const;
export type ErrorReason = (typeof ERROR_REASONS)[keyof typeof ERROR_REASONS];

export type ErrorBody = { message: string; code?: ErrorReason };

export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'NOT_IMPLEMENTED',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
};

export const MESSAGES = {
  unauthorized: 'Unauthorized',
  accessDenied: 'Access Denied',
  contentUnavailable: 'Content Unavailable',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  accountSuspended: 'Your account has been suspended',
  crossOrigin: 'Cross-origin request refused',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  notFound: 'Not found',
  internal: 'Internal server error',
  handleTaken: 'This handle is already taken',
  selfFollow: 'You cannot follow yourself',
  nulCharacter: 'Text must not contain NUL (\\u0000) characters',
  malformedMultipart: 'Malformed multipart body',
} as const;
