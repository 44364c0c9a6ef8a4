import { uuidParam } from '../../http/serial-id-param';
import { Router } from 'express';
import { SYNC_COLLECTIONS, SYNC_MESSAGES, ZDraftPushSchema, ZSyncPullQuerySchema, type TSyncCollection } from '@shared/schemas/sync';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth';
import { signalsSync } from '../../http/signal-sync';
import { parse } from '../../http/validate';
import { filesOf, projectFiles } from '../projects/projects.routes';
import { deleteDraft } from './delete-draft';
import { publishDraft } from './publish-draft';
import { pullChanges } from './pull-changes';
import { pushDraft } from './push-draft';

function collectionParam(raw: unknown): TSyncCollection {
  if (typeof raw !== 'string' || !(SYNC_COLLECTIONS as readonly string[]).includes(raw)) {
    throw AppError.notFound(SYNC_MESSAGES.unknownCollection);
  }
  return raw as TSyncCollection;
}

const draftIdParam = (raw: unknown): string => uuidParam(raw, SYNC_MESSAGES.draftNotFound);

/**
 * Replication for the offline store: checkpoint pulls of the member's own collections, and drafts
 * pushed with the revision they were based on. Everything is scoped by the session's member.
 */
export function syncRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/sync/:collection', requireUser, async (req, res) => {
    const collection = collectionParam(req.params.collection);
    const query = parse(ZSyncPullQuerySchema, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await pullChanges(deps, currentUser(req), collection, query));
  });

  router.put('/api/drafts/:id', requireUser, signalsSync(deps.events, 'drafts'), async (req, res) => {
    const id = draftIdParam(req.params.id);
    const push = parse(ZDraftPushSchema, req.body);
    res.json(await pushDraft(deps, currentUser(req), id, push));
  });

  router.delete('/api/drafts/:id', requireUser, signalsSync(deps.events, 'drafts'), async (req, res) => {
    res.json(await deleteDraft(deps, currentUser(req), draftIdParam(req.params.id)));
  });

  router.post('/api/drafts/:id/publish', requireUser, signalsSync(deps.events, 'drafts', 'projects'), projectFiles(), async (req, res) => {
    const id = draftIdParam(req.params.id);
    const { project, created } = await publishDraft(deps, currentUser(req), id, filesOf(req));
    res.status(created ? 201 : 200).json(project);
  });

  return router;
}
