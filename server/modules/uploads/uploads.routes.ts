import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_BYTES } from '@shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { requireUser } from '../../http/auth';
import { sendStoredFile } from '../../http/send-stored-file';
import { multipart } from '../../http/multipart';
import { IMAGE_TYPES } from '../../storage/detect-image';
import { uploadImage, variantKeyOf } from './upload-image';

/** multer answers oversize files with its own error; turn it into the product's message. */
function single(field: string): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }).single(field);
  return multipart(upload, (err) =>
    err.code === 'LIMIT_FILE_SIZE' ? AppError.tooLarge('Image is larger than 5MB') : AppError.validation(err.message),
  );
}

export function uploadsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.post('/api/upload/image', requireUser, single('image'), async (req, res) => {
    res.status(201).json(await uploadImage(deps.storage, req.file));
  });

  return router;
}

/** The variant width a request asks for with ?w=, when it is one we produce. */
function variantWidthOf(raw: unknown): number | undefined {
  const w = Number(raw);
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(w) ? w : undefined;
}

/**
 * Serves uploaded images, streamed: only image types, never sniffed, never scriptable. ?w=320|640|1280
 * answers the WebP variant of that width (images stored before variants existed answer the original).
 */
export function uploadedImagesHandler(deps: AppDeps): RequestHandler {
  const mimeOf = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([mime, ext]) => [ext, mime]));
  return (req, res, next) => {
    const match = /^\/uploads\/(images\/[a-f0-9]{32}\.(png|jpg|gif|webp))$/.exec(req.path);
    if (!match) return next();
    const key = match[1]!;
    const width = variantWidthOf(req.query.w);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    const send = (k: string, mime: string, onMissing: () => void) => {
      res.setHeader('Content-Type', mime);
      sendStoredFile(res, next, deps.storage, k, { cacheControl: 'public, max-age=31536000, immutable', onMissing });
    };
    const missing = () => {
      for (const h of ['Content-Type', 'Cache-Control', 'X-Content-Type-Options', 'Content-Security-Policy']) res.removeHeader(h);
      next();
    };
    const original = () => send(key, mimeOf[match[2]!]!, missing);
    if (width) send(variantKeyOf(key, width), 'image/webp', original);
    else original();
  };
}
