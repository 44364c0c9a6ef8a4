import { publicNameOf } from '@shared/format';
import type { TComment } from '@shared/schemas/interactions';
import { isPremiumNow } from '../../access/premium';
import type { CommentViewRow } from './interactions.repository';

/** A comment as the API answers it; its content stays the plain text the member wrote. */
export function toComment(row: CommentViewRow): TComment {
  return {
    id: row.id,
    projectId: row.projectId,
    content: row.content,
    userId: row.userId,
    userName: publicNameOf({
      displayName: row.userDisplayName,
      firstName: row.userFirstName,
      lastName: row.userLastName,
    }),
    userHandle: row.userHandle,
    userAvatar: row.userAvatar,
    userIsPremium: isPremiumNow({ isPremium: row.userIsPremium, premiumExpiresAt: row.userPremiumExpiresAt }),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
