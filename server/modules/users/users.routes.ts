import { Router, type RequestHandler } from 'express';
import { ZProfileUpdateSchema } from '@shared/schemas/user';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { sendCachedJson } from '../../cache/public-cache';
import { readProfileProjects } from '../projects/list-user-projects';
import { readVisibleUser, userKeyParam } from './find-visible-user';
import { followUser } from './follow-user';
import { getFollowStatus } from './get-follow-status';
import { getProfile } from './get-profile';
import { unfollowUser } from './unfollow-user';
import { updateProfile } from './update-profile';

/** Profiles and follows. Every route needs a signed-in member: profiles are not public pages. */
export function usersRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;

  router.patch('/api/user/profile', requireUser, async (req, res) => {
    const input = parse(ZProfileUpdateSchema, req.body);
    res.json(await updateProfile({ db }, currentUser(req), input));
  });

  router.get('/api/users/:handleOrId', requireUser, async (req, res) => {
    res.json(await getProfile(deps, userKeyParam(req.params.handleOrId), currentUser(req)));
  });

  router.get('/api/users/:handleOrId/projects', requireUser, async (req, res) => {
    // The same visibility rule as the profile, then the author's projects (cached, revalidated by ETag).
    const author = await readVisibleUser(deps, userKeyParam(req.params.handleOrId), currentUser(req));
    sendCachedJson(res, await readProfileProjects(deps, author.id), 'private, no-cache');
  });

  router.get('/api/users/:handleOrId/follow-status', requireUser, async (req, res) => {
    res.json(await getFollowStatus({ db }, currentUser(req), userKeyParam(req.params.handleOrId)));
  });

  // POST .../follow and POST .../unfollow from the profile; POST and DELETE .../follow from the project page.
  router.post('/api/users/:handleOrId/follow', requireUser, async (req, res) => {
    res.json(await followUser(deps, currentUser(req), userKeyParam(req.params.handleOrId)));
  });
  const unfollow: RequestHandler<{ handleOrId: string }> = async (req, res) => {
    res.json(await unfollowUser({ db }, currentUser(req), userKeyParam(req.params.handleOrId)));
  };
  router.post('/api/users/:handleOrId/unfollow', requireUser, unfollow);
  router.delete('/api/users/:handleOrId/follow', requireUser, unfollow);

  return router;
}
