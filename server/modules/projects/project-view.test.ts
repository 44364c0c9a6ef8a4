import { describe, expect, it } from 'vitest';
import { projectViewColumns } from './project-view';

describe('project view columns', () => {
  it('when a project is read, then the stored search document is not among its columns (it doubled every row read for a list)', () => {
    expect(Object.keys(projectViewColumns)).not.toContain('searchDocument');
    expect(Object.keys(projectViewColumns)).toEqual(expect.arrayContaining(['id', 'title', 'description', 'authorId', 'authorIsSuspended']));
  });
});
