import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../admin/record-audit';
import type { UserRow } from '../users/users.repository';
import { deleteBlogPostRow, findBlogPostById } from './blog.repository';

/** DELETE /api/admin/blog/{id}. */
export async function deleteBlogPost(deps: { db: DbOrTx }, admin: UserRow, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const post = await findBlogPostById(tx, id);
    if (!post || !(await deleteBlogPostRow(tx, id))) throw AppError.notFound(ADMIN_MESSAGES.blogPostNotFound);
    await recordAudit(tx, admin, { action: 'blog.delete', targetType: 'blog', targetId: id, targetLabel: post.title });
  });
}
