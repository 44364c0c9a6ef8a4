import { Router } from 'express';
import { ZCommentRequestSchema, ZRateRequestSchema, ZReactRequestSchema } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { signalsSync } from '../../http/signal-sync';
import { parse } from '../../http/validate';
import { projectIdParam } from '../projects/project-id';
import { getInteractions } from './get-interactions';
import { getUserRating } from './get-user-rating';
import { listComments } from './list-comments';
import { listRecommendedProjects } from './list-recommended-projects';
import { listSavedProjects } from './list-saved-projects';
import { postComment } from './post-comment';
import { rateProject } from './rate-project';
import { reactToProject } from './react-to-project';
import { removeReaction } from './remove-reaction';
import { saveProject } from './save-project';
import { shareProject } from './share-project';
import { unsaveProject } from './unsave-project';

/**
 * What members do on a project page. Reads are open like the project itself; writes
 * need a signed-in member. Every route answers 404 for a missing project or a non-integer id, and 403
 * 'Content Unavailable' for a suspended author's project (except to admins and the author).
 */
export function interactionsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/projects/:id/comments', async (req, res) => {
    res.json(await listComments(deps, req.user, projectIdParam(req.params.id)));
  });

  router.post('/api/projects/:id/comments', requireUser, async (req, res) => {
    const id = projectIdParam(req.params.id);
    const input = parse(ZCommentRequestSchema, req.body);
    res.status(201).json(await postComment(deps, currentUser(req), id, input));
  });

  router.get('/api/projects/:id/interactions', requireUser, async (req, res) => {
    res.json(await getInteractions(deps, currentUser(req), projectIdParam(req.params.id)));
  });

  router.get('/api/projects/:id/user-rating', requireUser, async (req, res) => {
    res.json(await getUserRating(deps, currentUser(req), projectIdParam(req.params.id)));
  });

  router.get('/api/projects/:id/recommended', async (req, res) => {
    res.json(await listRecommendedProjects(deps, req.user, projectIdParam(req.params.id)));
  });

  router.post('/api/projects/:id/react', requireUser, async (req, res) => {
    const id = projectIdParam(req.params.id);
    const input = parse(ZReactRequestSchema, req.body);
    res.json(await reactToProject(deps, currentUser(req), id, input));
  });

  router.delete('/api/projects/:id/react', requireUser, async (req, res) => {
    const id = projectIdParam(req.params.id);
    parse(ZReactRequestSchema, req.body);
    res.json(await removeReaction(deps, currentUser(req), id));
  });

  router.post('/api/projects/:id/save', requireUser, signalsSync(deps.events, 'saved'), async (req, res) => {
    res.json(await saveProject(deps, currentUser(req), projectIdParam(req.params.id)));
  });

  router.delete('/api/projects/:id/save', requireUser, signalsSync(deps.events, 'saved'), async (req, res) => {
    res.json(await unsaveProject(deps, currentUser(req), projectIdParam(req.params.id)));
  });

  router.post('/api/projects/:id/rate', requireUser, async (req, res) => {
    const id = projectIdParam(req.params.id);
    const input = parse(ZRateRequestSchema, req.body);
    res.json(await rateProject(deps, currentUser(req), id, input));
  });

  router.post('/api/projects/:id/share', requireUser, async (req, res) => {
    res.json(await shareProject(deps, currentUser(req), projectIdParam(req.params.id)));
  });

  router.get('/api/user/saved-projects', requireUser, async (req, res) => {
    res.json(await listSavedProjects(deps, currentUser(req)));
  });

  return router;
}
