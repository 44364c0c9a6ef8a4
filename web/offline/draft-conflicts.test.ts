import { describe, expect, it } from 'vitest';
import type { WithDeleted } from 'rxdb';
import { draftConflictHandler, draftConflicts$ } from './draft-conflicts';
import type { DraftDoc } from './local-types';

const draft = (revision: number, title: string, updatedAt: string): WithDeleted<DraftDoc> => ({
  id: 'd1',
  data: { title },
  revision,
  publishedProjectId: null,
  updatedAt,
  _deleted: false,
});

async function resolved(input: Parameters<typeof draftConflictHandler.resolve>[0]) {
  const told: boolean[] = [];
  const sub = draftConflicts$.subscribe(({ keptMine }) => told.push(keptMine));
  try {
    return { doc: await draftConflictHandler.resolve(input, 'test'), told };
  } finally {
    sub.unsubscribe();
  }
}

describe('draft conflicts', () => {
  it('when the server already holds this very edit (its push landed, the answer was lost), then nobody is told of a conflict', async () => {
    // Saved, then the page went away (or offline) before the push's answer came back: the retry is
    // based on the older revision, and the server answers 409 with the edit it already stored.
    const { doc, told } = await resolved({
      assumedMasterState: draft(1, 'Idea', '2026-11-27T10:00:00.000Z'),
      newDocumentState: draft(1, 'Half-built Idea', '2026-11-27T10:05:00.000Z'),
      realMasterState: draft(2, 'Half-built Idea', '2026-11-27T10:05:01.000Z'),
    });
    expect(told).toEqual([]);
    expect(doc).toMatchObject({ revision: 2, data: { title: 'Half-built Idea' } });
  });

  it('when the server answers the same edit with its keys in another order (jsonb), then it is still the same edit', async () => {
    const mine = { ...draft(0, 'Half-built Idea', '2026-11-27T10:05:00.000Z'), data: { title: 'Half-built Idea', description: '', cost: null, nested: { b: 1, a: 2 } } };
    const server = { ...draft(1, 'Half-built Idea', '2026-11-27T10:05:01.000Z'), data: { cost: null, title: 'Half-built Idea', nested: { a: 2, b: 1 }, description: '' } };
    const { doc, told } = await resolved({ assumedMasterState: undefined, newDocumentState: mine, realMasterState: server });
    expect(told).toEqual([]);
    expect(doc.revision).toBe(1);
    expect(draftConflictHandler.isEqual({ ...mine, revision: 1 }, server, 'test')).toBe(true);
  });

  it("when a new draft's first push landed unanswered, then its retry is no conflict either", async () => {
    const { doc, told } = await resolved({
      assumedMasterState: undefined,
      newDocumentState: draft(0, 'Half-built Idea', '2026-11-27T10:05:00.000Z'),
      realMasterState: draft(1, 'Half-built Idea', '2026-11-27T10:05:01.000Z'),
    });
    expect(told).toEqual([]);
    expect(doc.revision).toBe(1);
  });

  it('when another device changed the draft, then the newer edit is kept and the creator is told', async () => {
    const { doc, told } = await resolved({
      assumedMasterState: draft(1, 'Idea', '2026-11-27T10:00:00.000Z'),
      newDocumentState: draft(1, 'Mine', '2026-11-27T10:05:00.000Z'),
      realMasterState: draft(2, 'Theirs', '2026-11-27T10:03:00.000Z'),
    });
    expect(told).toEqual([true]);
    expect(doc).toMatchObject({ revision: 2, data: { title: 'Mine' } });

    const older = await resolved({
      assumedMasterState: draft(1, 'Idea', '2026-11-27T10:00:00.000Z'),
      newDocumentState: draft(1, 'Mine', '2026-11-27T10:01:00.000Z'),
      realMasterState: draft(2, 'Theirs', '2026-11-27T10:03:00.000Z'),
    });
    expect(older.told).toEqual([false]);
    expect(older.doc.data).toEqual({ title: 'Theirs' });
  });

  it('when only the revision moved (an earlier push of ours), then the edit is kept on the server revision, untold', async () => {
    const { doc, told } = await resolved({
      assumedMasterState: draft(1, 'Idea', '2026-11-27T10:00:00.000Z'),
      newDocumentState: draft(1, 'Half-built Idea', '2026-11-27T10:05:00.000Z'),
      realMasterState: draft(2, 'Idea', '2026-11-27T10:04:00.000Z'),
    });
    expect(told).toEqual([]);
    expect(doc).toMatchObject({ revision: 2, data: { title: 'Half-built Idea' } });
  });
});
