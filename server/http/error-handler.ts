import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HTTP_STATUS, MESSAGES } from '@shared/errors';
import { AppError } from '../errors';

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: MESSAGES.notFound });
};

/** The one place where errors become HTTP answers: `{ "message": ... }`, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  // The answer has begun (a stream failed midway): no status can be sent any more. Cut the connection so
  // the client sees a failed answer rather than a complete-looking truncated one, and log the real error.
  if (res.headersSent) {
    req.log?.error({ err }, 'error after the answer began');
    res.destroy();
    return;
  }
  if (err instanceof AppError) {
    res.status(HTTP_STATUS[err.code]).json({ ...err.details, message: err.message });
    return;
  }
  const e = err as { status?: number; statusCode?: number; type?: string; message?: string; code?: string };
  const status = e.status ?? e.statusCode;
  // Errors raised by body parsers and multer carry a 4xx status and a safe message.
  if (status && status >= 400 && status < 500) {
    const message =
      e.type === 'entity.too.large'
        ? 'Request body is too large'
        : e.type === 'entity.parse.failed'
          ? 'Malformed JSON body'
          : (e.message ?? 'Bad request');
    res.status(status).json({ message });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ message: MESSAGES.internal });
};
