import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/** A stored file of a version that is no longer the current one (the current files are project_files). */
export type VersionFile = { path: string; mimeType: string; size: number; storageKey: string };

/**
 * Each publish of a native project's files. The current version's files are project_files; the one
 * before it keeps its files in `files` (reachable until the next publish); older ones keep only their
 * counts (files null).
 */
export const projectVersions = pgTable(
  'project_versions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileCount: integer('file_count').notNull(),
    totalBytes: integer('total_bytes').notNull(),
    files: jsonb('files').$type<VersionFile[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_versions_number_unique').on(t.projectId, t.number)],
);
