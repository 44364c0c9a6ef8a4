import { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES } from '@shared/constants';
import { fileProblems, ZProjectInputSchema, ZProjectListQuerySchema } from '@shared/schemas/project';
import { ZProjectViewSourceQuerySchema } from '@shared/schemas/reach';
import { sendCachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth';
import { multipart } from '../../http/multipart';
import { signalsSync } from '../../http/signal-sync';
import { originOf } from '../../http/site-files';
import { parse } from '../../http/validate';
import { createProject } from './create-project';
import { deleteProject } from './delete-project';
import { getProject } from './get-project';
import { listProjectFilesFor } from './list-project-files';
import { listProjects } from './list-projects';
import { listUserProjects } from './list-user-projects';
import { fileProblemError, type IncomingFile } from './native-files';
import { projectIdParam } from './project-id';
import { updateProject } from './update-project';
import { uploadProjectFiles } from './upload-project-files';
import { viewSourceOf } from './view-source';

export const PROJECT_FILES_FIELD = 'projectFiles';

/**
 * Parses a multipart body with up to 20 files in `projectFiles` (kept in memory, at most 5 MB each) and
 * the client's relative paths ("css/app.css"), which the use cases check. multer's own limits become
 * the product's messages, naming the file.
 */
export function projectFiles(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    preservePath: true,
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_PROJECT_FILES, fields: 20, fieldSize: 64 * 1024 },
  }).array(PROJECT_FILES_FIELD);
  const parseFiles = multipart(upload, (err) => {
    const name = (err as multer.MulterError & { filename?: string }).filename ?? 'A file';
    if (err.code === 'LIMIT_FILE_SIZE') return fileProblemError(fileProblems.tooLarge(name));
    if (err.code === 'LIMIT_FILE_COUNT') return fileProblemError(fileProblems.tooMany());
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return AppError.validation(`Files must be sent in the ${PROJECT_FILES_FIELD} field`);
    return AppError.validation(err.message);
  });
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    parseFiles(req, res, next);
  };
}

export function filesOf(req: Request): IncomingFile[] {
  return Array.isArray(req.files) ? req.files : [];
}

/** A multipart create carries the project as JSON in the `project` field (or as plain fields). */
function projectBody(req: Request): unknown {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (typeof body.project !== 'string') return body;
  try {
    return JSON.parse(body.project) as unknown;
  } catch {
    throw AppError.validation('The project field must be JSON');
  }
}

export function projectsRoutes(deps: AppDeps): Router {
  const router = Router();
  const previewOrigin = deps.config.PREVIEW_ORIGIN;

  router.get('/api/projects', async (req, res) => {
    const page = parse(ZProjectListQuerySchema, req.query);
    res.json(await listProjects(deps, page));
  });

  router.post('/api/projects', requireUser, signalsSync(deps.events, 'projects'), projectFiles(), async (req, res) => {
    const input = parse(ZProjectInputSchema, projectBody(req));
    res.status(201).json(await createProject(deps, currentUser(req), input, filesOf(req)));
  });

  router.get('/api/user/projects', requireUser, async (req, res) => {
    res.json(await listUserProjects(deps, currentUser(req).id));
  });

  router.get('/api/projects/:id', async (req, res) => {
    const id = projectIdParam(req.params.id);
    const viewer = { user: req.user, ip: req.ip ?? '' };
    const source = viewSourceOf(parse(ZProjectViewSourceQuerySchema, req.query), () => new URL(originOf(req, deps.config.PUBLIC_URL)).hostname);
    // Its visibility depends on the viewer (suspended authors): private, revalidated by ETag.
    sendCachedJson(res, await getProject({ db: deps.db, previewOrigin, cache: deps.cache, views: deps.views }, id, viewer, source), 'private, no-cache');
  });

  router.put('/api/projects/:id', requireUser, signalsSync(deps.events, 'projects'), async (req, res) => {
    const id = projectIdParam(req.params.id);
    const input = parse(ZProjectInputSchema, req.body);
    res.json(await updateProject(deps, currentUser(req), id, input));
  });

  router.delete('/api/projects/:id', requireUser, signalsSync(deps.events, 'projects', 'saved'), async (req, res) => {
    const id = projectIdParam(req.params.id);
    await deleteProject(deps, currentUser(req), id);
    res.status(204).end();
  });

  router.get('/api/projects/:id/files', requireUser, async (req, res) => {
    const id = projectIdParam(req.params.id);
    res.json(await listProjectFilesFor(deps, currentUser(req), id));
  });

  router.post('/api/projects/:id/upload-files', requireUser, signalsSync(deps.events, 'projects'), projectFiles(), async (req, res) => {
    const id = projectIdParam(req.params.id);
    if (!req.is('multipart/form-data')) throw AppError.validation('Files must be sent as multipart/form-data');
    res.status(201).json({ files: await uploadProjectFiles(deps, currentUser(req), id, filesOf(req)) });
  });

  return router;
}
