import { SYNC_MESSAGES, SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, type TSyncCollection } from '../sync-texts';
import { z } from '../zod';
import { ZNotificationSchema } from './notification';
import { PROJECT_DESCRIPTION_MAX, PROJECT_LOCATION_MAX, PROJECT_TITLE_MAX, PROJECT_URL_MAX, ZProjectSchema } from './project';

// Checkpoint replication for the offline store (RxDB's HTTP replication shape): a pull returns the
// documents changed after a checkpoint, in commit order, deleted ones as tombstones (_deleted: true).

export * from '../sync-texts';

/** The position a client has pulled to: the commit order (seq) and the id of the last document. */
export const ZSyncCheckpointSchema = z.object({ seq: z.string(), id: z.string() });
export type TSyncCheckpoint = z.infer<typeof ZSyncCheckpointSchema>;

export const ZSyncPullQuerySchema = z
  .object({
    seq: z.string().regex(/^\d{1,19}$/, SYNC_MESSAGES.badCheckpoint).optional(),
    id: z.string().min(1, SYNC_MESSAGES.badCheckpoint).max(100, SYNC_MESSAGES.badCheckpoint).optional(),
    limit: z.coerce
      .number({ error: SYNC_MESSAGES.badLimit })
      .int(SYNC_MESSAGES.badLimit)
      .min(1, SYNC_MESSAGES.badLimit)
      .max(SYNC_PAGE_MAX, SYNC_MESSAGES.badLimit)
      .default(SYNC_PAGE_DEFAULT),
  })
  .refine((q) => (q.seq === undefined) === (q.id === undefined), SYNC_MESSAGES.badCheckpoint);
export type TSyncPullQuery = z.output<typeof ZSyncPullQuerySchema>;

const tombstone = z.object({ id: z.string(), _deleted: z.literal(true) });
const live = <T extends z.ZodRawShape>(shape: T) => z.object({ id: z.string(), _deleted: z.literal(false), ...shape });

/** The fields a draft may hold: a project form in progress, so nothing is required yet. */
export const ZDraftDataSchema = z
  .object({
    title: z.string().max(PROJECT_TITLE_MAX),
    description: z.string().max(PROJECT_DESCRIPTION_MAX),
    thumbnail: z.string().max(PROJECT_URL_MAX),
    category: z.string().max(200),
    tutorialUrl: z.string().max(PROJECT_URL_MAX),
    projectUrl: z.string().max(PROJECT_URL_MAX).nullable(),
    timeSpent: z.union([z.number().int().min(0), z.string().max(20)]).nullable(),
    timeUnit: z.string().max(20),
    location: z.string().max(PROJECT_LOCATION_MAX).nullable(),
    cost: z.union([z.number().int().min(0), z.string().max(20)]).nullable(),
    costCurrency: z.string().max(10),
    hostingType: z.string().max(20),
  })
  .partial()
  .strict();
export type TDraftData = z.infer<typeof ZDraftDataSchema>;

export const ZDraftSchema = z.object({
  id: z.string().uuid(),
  data: ZDraftDataSchema,
  revision: z.number().int(),
  publishedProjectId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type TDraft = z.infer<typeof ZDraftSchema>;

/** PUT /api/drafts/{id}: the edit and the revision the client based it on (null for a new draft). */
export const ZDraftPushSchema = z.object({
  assumedRevision: z.number().int().min(1).nullable(),
  data: ZDraftDataSchema,
});
export type TDraftPush = z.infer<typeof ZDraftPushSchema>;

/** A 409 answer to a push whose assumed revision is not the server's: the server's draft comes along. */
export const ZDraftConflictSchema = z.object({ message: z.string(), current: ZDraftSchema });

export const ZSyncDocumentSchemas = {
  notifications: z.union([live({ notification: ZNotificationSchema }), tombstone]),
  saved: z.union([live({ savedAt: z.string(), project: ZProjectSchema }), tombstone]),
  projects: z.union([live({ project: ZProjectSchema }), tombstone]),
  drafts: z.union([live({ draft: ZDraftSchema }), tombstone]),
} satisfies Record<TSyncCollection, z.ZodType>;

export type TSyncDocument<C extends TSyncCollection> = z.infer<(typeof ZSyncDocumentSchemas)[C]>;

export type TSyncPullResponse<C extends TSyncCollection> = {
  documents: TSyncDocument<C>[];
  /** Where the next pull starts; the request's own checkpoint when nothing changed. */
  checkpoint: TSyncCheckpoint | null;
};
