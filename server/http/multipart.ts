import type { RequestHandler } from 'express';
import multer from 'multer';
import { MESSAGES } from '@shared/errors';
import { containsNul } from '@shared/text-input';
import { AppError } from '../errors';

/**
 * Runs a multer handler and turns every way a multipart body can be malformed into a 400: multer's own
 * limit errors go through `onMulterError` (the product's messages), anything the parser throws (no
 * boundary, a truncated body, a bad header) becomes 'Malformed multipart body', and a file name or field
 * holding a NUL character is refused like any other text input.
 */
export function multipart(
  upload: RequestHandler,
  onMulterError: (err: multer.MulterError) => AppError = (err) => AppError.validation(err.message),
): RequestHandler {
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) return next(onMulterError(err));
      if (err instanceof AppError) return next(err);
      if (err) {
        req.log?.info({ err: { message: (err as Error).message } }, 'malformed multipart body');
        return next(AppError.validation(MESSAGES.malformedMultipart));
      }
      const files = Array.isArray(req.files) ? req.files : req.file ? [req.file] : Object.values(req.files ?? {}).flat();
      if (files.some((f) => f.originalname.includes('\u0000') || f.fieldname.includes('\u0000')) || containsNul(req.body)) {
        return next(AppError.validation(MESSAGES.nulCharacter));
      }
      next();
    });
  };
}
