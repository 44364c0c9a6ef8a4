// The texts and keys of offline sync that the web client needs without loading zod (its first load
// stays small); shared/schemas/sync.ts re-exports them beside the schemas.

export const SYNC_COLLECTIONS = ['notifications', 'saved', 'projects', 'drafts'] as const;
export type TSyncCollection = (typeof SYNC_COLLECTIONS)[number];

export const SYNC_PAGE_DEFAULT = 100;
export const SYNC_PAGE_MAX = 200;

export const SYNC_MESSAGES = {
  unknownCollection: `Unknown sync collection (one of ${SYNC_COLLECTIONS.join(', ')})`,
  badCheckpoint: 'The checkpoint must be a seq (whole number) and an id, both or neither',
  badLimit: `limit must be a whole number from 1 to ${SYNC_PAGE_MAX}`,
  draftNotFound: 'Draft not found',
  draftConflict: 'This draft was changed elsewhere',
  draftPublished: 'This draft has already been published',
  draftDeleted: 'This draft was deleted',
  idempotencyKeyInvalid: 'Idempotency-Key must be 8 to 100 letters, digits, dashes, underscores or colons',
  idempotencyKeyReused: 'Idempotency-Key was already used with a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
} as const;

/** Header of a write the client may retry: the same key replays the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:-]{8,100}$/;
/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_HOURS = 24;
