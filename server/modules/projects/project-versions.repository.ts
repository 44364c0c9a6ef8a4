import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectFiles, projects, projectVersions, users, type VersionFile } from '../../db/schema';
import { hostedAccessColumns } from './project-view';

export type ProjectVersionRow = typeof projectVersions.$inferSelect;

/** A project with what decides who may see its versions: its hosting and its author's state. */
export async function findVersionedProject(db: DbOrTx, projectId: number) {
  const [row] = await db
    .select({
      id: projects.id,
      createdAt: projects.createdAt,
      ...hostedAccessColumns,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}

/** Every version of a project, newest first (the files of old versions are not read). */
export function listVersions(db: DbOrTx, projectId: number): Promise<Omit<ProjectVersionRow, 'files'>[]> {
  return db
    .select({
      id: projectVersions.id,
      projectId: projectVersions.projectId,
      number: projectVersions.number,
      fileCount: projectVersions.fileCount,
      totalBytes: projectVersions.totalBytes,
      createdAt: projectVersions.createdAt,
    })
    .from(projectVersions)
    .where(eq(projectVersions.projectId, projectId))
    .orderBy(desc(projectVersions.number));
}

/** The newest version's number, or 0 when the project was never published as a version. */
export async function latestVersionNumber(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ number: projectVersions.number })
    .from(projectVersions)
    .where(eq(projectVersions.projectId, projectId))
    .orderBy(desc(projectVersions.number))
    .limit(1);
  return row?.number ?? 0;
}

export async function insertVersion(
  db: DbOrTx,
  values: { projectId: number; number: number; files: readonly Omit<VersionFile, 'storageKey'>[]; kept?: VersionFile[]; createdAt?: Date },
): Promise<ProjectVersionRow> {
  const [row] = await db
    .insert(projectVersions)
    .values({
      projectId: values.projectId,
      number: values.number,
      fileCount: values.files.length,
      totalBytes: values.files.reduce((sum, f) => sum + f.size, 0),
      files: values.kept ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** Keeps a version's files (it is no longer the current one, but stays reachable). */
export async function keepVersionFiles(db: DbOrTx, projectId: number, number: number, files: VersionFile[]): Promise<void> {
  await db
    .update(projectVersions)
    .set({ files })
    .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.number, number)));
}

/** Forgets the files of versions older than `number`; answers the storage keys they held. */
export async function dropVersionFilesBefore(db: DbOrTx, projectId: number, number: number): Promise<string[]> {
  const older = and(eq(projectVersions.projectId, projectId), lt(projectVersions.number, number), isNotNull(projectVersions.files));
  const rows = await db.select({ files: projectVersions.files }).from(projectVersions).where(older);
  if (rows.length) await db.update(projectVersions).set({ files: null }).where(older);
  return rows.flatMap((r) => (r.files ?? []).map((f) => f.storageKey));
}

/** Replaces every current file of the project (the new version's files). */
export async function replaceProjectFiles(
  db: DbOrTx,
  projectId: number,
  files: readonly { path: string; mimeType: string; size: number; storageKey: string }[],
): Promise<void> {
  await db.delete(projectFiles).where(eq(projectFiles.projectId, projectId));
  if (files.length) await db.insert(projectFiles).values(files.map((f) => ({ projectId, ...f })));
}

/** A file of a kept earlier version, with what decides whether it may be served. */
export async function findVersionFile(db: DbOrTx, projectId: number, number: number, path: string) {
  const [row] = await db
    .select({
      files: projectVersions.files,
      ...hostedAccessColumns,
    })
    .from(projectVersions)
    .innerJoin(projects, eq(projects.id, projectVersions.projectId))
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.number, number)))
    .limit(1);
  const file = row?.files?.find((f) => f.path === path);
  return row && file ? { ...file, hostingType: row.hostingType, authorId: row.authorId, authorIsSuspended: row.authorIsSuspended } : undefined;
}
