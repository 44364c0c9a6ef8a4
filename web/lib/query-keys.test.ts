import { describe, expect, it } from 'vitest';
import {
  blogPostQueryKey,
  blogPostsQueryKey,
  commentsQueryKey,
  followStatusQueryKey,
  keptKindOf,
  myProjectsQueryKey,
  notificationsQueryKey,
  profileQueryKey,
  projectFilesQueryKey,
  projectQueryKey,
  recommendedProjectsQueryKey,
  savedProjectsQueryKey,
  searchQueryKey,
  trendingProjectsQueryKey,
  unreadCountQueryKey,
  userProjectsQueryKey,
  userQueryKey,
  userRatingQueryKey,
} from './query-keys';

describe('what the offline store keeps', () => {
  it('when a read of a screen that works offline succeeds, then it is kept under its kind', () => {
    expect(keptKindOf(userQueryKey)).toBe('user');
    expect(keptKindOf(trendingProjectsQueryKey)).toBe('feed');
    expect(keptKindOf(recommendedProjectsQueryKey)).toBe('feed');
    expect(keptKindOf(projectQueryKey('42'))).toBe('project');
    expect(keptKindOf(commentsQueryKey('42'))).toBe('project-extra');
    expect(keptKindOf(userRatingQueryKey('42'))).toBe('project-extra');
    expect(keptKindOf(profileQueryKey('ada'))).toBe('profile');
    expect(keptKindOf(userProjectsQueryKey('ada'))).toBe('profile');
    expect(keptKindOf(followStatusQueryKey('ada'))).toBe('profile');
    expect(keptKindOf(savedProjectsQueryKey)).toBe('own');
    expect(keptKindOf(myProjectsQueryKey)).toBe('own');
    expect(keptKindOf(notificationsQueryKey)).toBe('notifications');
    expect(keptKindOf(unreadCountQueryKey)).toBe('notifications');
    expect(keptKindOf(blogPostsQueryKey({ limit: 10, offset: 0 }))).toBe('blog');
    expect(keptKindOf(blogPostQueryKey('hello'))).toBe('blog');
  });

  it('when a read is not one an offline screen shows, then it is not kept', () => {
    expect(keptKindOf(searchQueryKey('react'))).toBeNull();
    expect(keptKindOf(projectFilesQueryKey(42))).toBeNull();
    expect(keptKindOf(projectQueryKey(''))).toBeNull();
    expect(keptKindOf(blogPostQueryKey(''))).toBeNull();
    expect(keptKindOf(['/api/admin/stats'])).toBeNull();
    expect(keptKindOf(['/api/projects', '42', 'versions'])).toBeNull();
  });
});
