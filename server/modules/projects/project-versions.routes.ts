import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth';
import { signalsSync } from '../../http/signal-sync';
import { listProjectVersions } from './list-project-versions';
import { projectIdParam } from './project-id';
import { filesOf, projectFiles } from './projects.routes';
import { publishProjectVersion } from './publish-project-version';

/** A native project's versions: listed for whoever may see the project, published by its author. */
export function projectVersionsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/projects/:id/versions', async (req, res) => {
    const id = projectIdParam(req.params.id);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.json(await listProjectVersions(deps, req.user, id));
  });

  router.post('/api/projects/:id/versions', requireUser, signalsSync(deps.events, 'projects'), projectFiles(), async (req, res) => {
    const id = projectIdParam(req.params.id);
    if (!req.is('multipart/form-data')) throw AppError.validation('Files must be sent as multipart/form-data');
    res.status(201).json(await publishProjectVersion(deps, currentUser(req), id, filesOf(req)));
  });

  return router;
}
