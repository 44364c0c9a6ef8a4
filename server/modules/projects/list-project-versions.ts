import type { TProjectVersion, TProjectVersionList } from '@shared/schemas/project-version';
import { versionSegment } from '@shared/schemas/project-version';
import { assertCanView, type AccessViewer } from '../../access/access-policy';
import type { DbOrTx } from '../../db/client';
import { previewUrlFor } from './project-view';
import { findVersionedProject, listVersions } from './project-versions.repository';
import { listProjectFiles } from './projects.repository';

type VersionsDeps = { db: DbOrTx; config: { PREVIEW_ORIGIN?: string } };

/** The previous version's index.html: /hosted/12/!v2/index.html beside the current /hosted/12/index.html. */
export function versionUrlFor(projectId: number, number: number, previewOrigin: string | undefined): string {
  return previewUrlFor(projectId, previewOrigin).replace(/index\.html$/, `${versionSegment(number)}/index.html`);
}

/**
 * A native project's versions, newest first, for whoever may see the project. A project whose files
 * were never published again has one version: its files as they are.
 */
export async function listProjectVersions(deps: VersionsDeps, viewer: AccessViewer, id: number): Promise<TProjectVersionList> {
  const project = await findVersionedProject(deps.db, id);
  assertCanView(viewer, 'project', project);
  if (project.hostingType !== 'native') return { versions: [] };
  const [rows, current] = await Promise.all([listVersions(deps.db, id), listProjectFiles(deps.db, id)]);
  const origin = deps.config.PREVIEW_ORIGIN;
  // The current files may have been edited since their publish (the project dialog adds files).
  const live = { fileCount: current.length, totalBytes: current.reduce((sum, f) => sum + f.size, 0) };
  if (rows.length === 0) {
    if (current.length === 0) return { versions: [] };
    return { versions: [{ number: 1, createdAt: project.createdAt.toISOString(), ...live, current: true, url: previewUrlFor(id, origin) }] };
  }
  const newest = rows[0]!.number;
  const versions = rows.map((r): TProjectVersion => {
    const isCurrent = r.number === newest;
    const reachable = isCurrent || r.number === newest - 1;
    return {
      number: r.number,
      createdAt: r.createdAt.toISOString(),
      ...(isCurrent ? live : { fileCount: r.fileCount, totalBytes: r.totalBytes }),
      current: isCurrent,
      url: isCurrent ? previewUrlFor(id, origin) : reachable ? versionUrlFor(id, r.number, origin) : null,
    };
  });
  return { versions };
}
