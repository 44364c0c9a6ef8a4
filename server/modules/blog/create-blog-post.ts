import { displayNameOf } from '@shared/format';
import type { TBlogPost, ZBlogPostInputSchema } from '@shared/schemas/admin';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { EventBus } from '../../events/domain-events';
import { recordAudit } from '../admin/record-audit';
import type { UserRow } from '../users/users.repository';
import { insertBlogPost } from './blog.repository';
import { orSlugTaken } from './slug-taken';
import { toBlogPost } from './to-blog-post';

export type BlogInput = z.output<typeof ZBlogPostInputSchema>;

/** POST /api/admin/blog: authorName is the admin's display name; publishedAt is now; members get it as product news. */
export async function createBlogPost(deps: { db: DbOrTx; events: EventBus }, admin: UserRow, input: BlogInput): Promise<TBlogPost> {
  const post = await deps.db.transaction(async (tx) => {
    const row = await orSlugTaken(
      tx.transaction((sp) => insertBlogPost(sp, { ...input, authorId: admin.id, authorName: displayNameOf(admin), publishedAt: new Date() })),
    );
    await recordAudit(tx, admin, { action: 'blog.create', targetType: 'blog', targetId: row.id, targetLabel: row.title });
    await deps.events.record(tx, 'blog:published', { actorId: admin.id, postId: row.id, title: row.title, slug: row.slug });
    return toBlogPost(row);
  });
  deps.events.nudge();
  return post;
}
