import { describe, expect, it } from 'vitest';
import { ZBlogPostInputSchema, ZReportReviewSchema, ZSuspendRequestSchema } from './admin';

describe('admin schemas', () => {
  it('when the suspension reason is blank, then the spec message', () => {
    const r = ZSuspendRequestSchema.safeParse({ reason: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please provide a suspension reason');
    expect(ZSuspendRequestSchema.parse({ reason: ' spam ' })).toEqual({ reason: 'spam' });
  });
  it('when a blog field is missing, then All fields are required; a blank thumbnail is null', () => {
    const base = { title: 't', slug: 'a-b-1', excerpt: 'e', content: 'c' };
    expect(ZBlogPostInputSchema.safeParse({ ...base, excerpt: '' }).error?.issues[0]?.message).toBe('All fields are required');
    expect(ZBlogPostInputSchema.parse({ ...base, thumbnail: '' }).thumbnail).toBeNull();
    expect(ZBlogPostInputSchema.safeParse({ ...base, slug: 'Not-OK' }).success).toBe(false);
  });
  it('when a review status is not one of the three, then it is refused', () => {
    expect(ZReportReviewSchema.safeParse({ status: 'pending' }).success).toBe(false);
    expect(ZReportReviewSchema.parse({ status: 'escalated' })).toEqual({ status: 'escalated' });
  });
});
