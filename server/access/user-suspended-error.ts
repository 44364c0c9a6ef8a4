import { PROFILE_MESSAGES } from '@shared/schemas/user';
import { AppError } from '../errors';

/** A suspended user's profile seen by someone else: 403 with what the 'User Suspended' screen shows. */
export class UserSuspendedError extends AppError {
  constructor(
    readonly reason: string | null,
    readonly suspendedAt: Date | null,
  ) {
    super('FORBIDDEN', PROFILE_MESSAGES.userSuspended, {
      reason,
      suspendedAt: suspendedAt ? suspendedAt.toISOString() : null,
    });
    this.name = 'UserSuspendedError';
  }
}
