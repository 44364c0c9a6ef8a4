import { displayNameOf } from '@shared/format';
import type { TComment } from '@shared/schemas/interactions';
import type { CommentViewRow } from './interactions.repository';

/** A comment as the API answers it; its content stays the plain text the member wrote. */
export function toComment(row: CommentViewRow): TComment {
  return {
    id: row.id,
    projectId: row.projectId,
    content: row.content,
    userId: row.userId,
    userName: displayNameOf({
      displayName: row.userDisplayName,
      firstName: row.userFirstName,
      lastName: row.userLastName,
      email: row.userEmail,
    }),
    userHandle: row.userHandle,
    userAvatar: row.userAvatar,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
