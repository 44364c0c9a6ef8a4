import type { ErrorCode } from '@shared/errors';
import { MESSAGES } from '@shared/errors';

/** A typed domain error; the error middleware maps its code to the HTTP status in one place. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields of the JSON answer, beside message (e.g. the suspension reason and date). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(message: string) {
    return new AppError('VALIDATION', message);
  }
  static unauthorized(message: string = MESSAGES.unauthorized) {
    return new AppError('UNAUTHORIZED', message);
  }
  static forbidden(message: string = MESSAGES.accessDenied) {
    return new AppError('FORBIDDEN', message);
  }
  static notFound(message: string = MESSAGES.notFound) {
    return new AppError('NOT_FOUND', message);
  }
  static conflict(message: string) {
    return new AppError('CONFLICT', message);
  }
  static tooLarge(message: string) {
    return new AppError('PAYLOAD_TOO_LARGE', message);
  }
  static notImplemented(message: string) {
    return new AppError('NOT_IMPLEMENTED', message);
  }
}
