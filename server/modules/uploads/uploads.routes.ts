import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES } from '@shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { requireUser } from '../../http/auth';
import { IMAGE_TYPES } from '../../storage/detect-image';
import { uploadImage } from './upload-image';

/** multer answers oversize files with its own error; turn it into the product's message. */
function single(field: string): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }).single(field);
  return (req, res, next) =>
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return next(AppError.tooLarge('Image is larger than 5MB'));
      if (err instanceof multer.MulterError) return next(AppError.validation(err.message));
      next(err);
    });
}

export function uploadsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.post('/api/upload/image', requireUser, single('image'), async (req, res) => {
    res.status(201).json(await uploadImage(deps.storage, req.file));
  });

  return router;
}

/** Serves uploaded images: only image types, never sniffed, never scriptable. */
export function uploadedImagesHandler(deps: AppDeps): RequestHandler {
  const mimeOf = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([mime, ext]) => [ext, mime]));
  return async (req, res, next) => {
    const match = /^\/uploads\/(images\/[a-f0-9]{32}\.(png|jpg|gif|webp))$/.exec(req.path);
    if (!match) return next();
    const data = await deps.storage.get(match[1]!);
    if (!data) return next();
    res.setHeader('Content-Type', mimeOf[match[2]!]!);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(data);
  };
}
