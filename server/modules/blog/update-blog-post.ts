import { ADMIN_MESSAGES, type TBlogPost } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../admin/record-audit';
import type { UserRow } from '../users/users.repository';
import { updateBlogPostRow } from './blog.repository';
import type { BlogInput } from './create-blog-post';
import { orSlugTaken } from './slug-taken';
import { toBlogPost } from './to-blog-post';

/** PUT /api/admin/blog/{id}: the same fields as create; the author and publishedAt stay. */
export async function updateBlogPost(deps: { db: DbOrTx }, admin: UserRow, id: number, input: BlogInput): Promise<TBlogPost> {
  return deps.db.transaction(async (tx) => {
    const row = await orSlugTaken(tx.transaction((sp) => updateBlogPostRow(sp, id, input)));
    if (!row) throw AppError.notFound(ADMIN_MESSAGES.blogPostNotFound);
    await recordAudit(tx, admin, { action: 'blog.update', targetType: 'blog', targetId: row.id, targetLabel: row.title });
    return toBlogPost(row);
  });
}
