import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '@shared/schemas/project';
import type { TUserProfile } from '@shared/schemas/user';
import { projects, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { getProfile } from './get-profile';
import { findUserById } from './users.repository';

const ADMIN_EMAIL = 'admin.h3@example.com';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(() => t.close());

/** A complete valid form body; tests change one field at a time. */
function form(over: Record<string, unknown> = {}) {
  return { displayName: 'Ada Lovelace', handle: `ada_${Math.random().toString(36).slice(2, 10)}`, ...over };
}

async function suspend(userId: string, reason: string | null) {
  const at = new Date('2025-03-04T05:06:07.000Z');
  await t.database.db.update(users).set({ isSuspended: true, suspendedReason: reason, suspendedAt: at }).where(eq(users.id, userId));
  return at;
}

const addProject = (authorId: string, title: string, createdAt: Date, extra: Partial<typeof projects.$inferInsert> = {}) =>
  insertProject(t.database.db, authorId, { title, description: `About ${title}`, createdAt, ...extra });

describe('GET /api/users/{handleOrId}', () => {
  it('when a member opens a profile by handle (any case) or by id, then they get every profile field', async () => {
    const owner = await t.signUp({ firstName: 'Grace', lastName: 'Hopper' });
    const viewer = await t.signUp();
    const byHandle = await viewer.client.get(`/api/users/${owner.user.handle.toUpperCase()}`);
    expect(byHandle.status).toBe(200);
    const byId = await viewer.client.get(`/api/users/${owner.user.id}`);
    expect(byId.body).toEqual(byHandle.body);
    const p = byHandle.body as TUserProfile;
    expect(p).toMatchObject({
      id: owner.user.id,
      displayName: 'Grace Hopper',
      handle: owner.user.handle,
      firstName: 'Grace',
      lastName: 'Hopper',
      bio: null,
      location: null,
      bannerImageUrl: null,
      profileImageUrl: null,
      followerCount: 0,
      followingCount: 0,
      isSuspended: false,
      suspendedReason: null,
      suspendedAt: null,
      isAdmin: false,
      isPremium: false,
      socialMedia1Platform: null,
      socialMedia1Url: null,
    });
    expect(Date.parse(p.createdAt)).not.toBeNaN();
    expect(p).not.toHaveProperty('passwordHash');
  });

  it('when someone else opens a profile, then the email is hidden; the owner sees it', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    expect((await other.client.get(`/api/users/${owner.user.handle}`)).body.email).toBeNull();
    expect((await owner.client.get(`/api/users/${owner.user.id}`)).body.email).toBe(owner.email);
  });

  it('when the handle is unknown or cannot be a handle, then 404 "Profile not found"', async () => {
    const { client } = await t.signUp();
    for (const key of ['nobody_here', 'a'.repeat(21), 'bad-handle', '00000000-0000-4000-8000-000000000000', '%27%3B--']) {
      const res = await client.get(`/api/users/${key}`);
      expect(res.status, key).toBe(404);
      expect(res.body).toEqual({ message: 'Profile not found' });
    }
  });

  it('when signed out, then every profile and follow route answers 401 Unauthorized', async () => {
    const owner = await t.signUp();
    const visitor = t.client();
    const h = owner.user.handle;
    const calls = [
      visitor.get(`/api/users/${h}`),
      visitor.get(`/api/users/${h}/projects`),
      visitor.get(`/api/users/${h}/follow-status`),
      visitor.post(`/api/users/${h}/follow`),
      visitor.post(`/api/users/${h}/unfollow`),
      visitor.delete(`/api/users/${owner.user.id}/follow`),
      visitor.patch('/api/user/profile', form()),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });
});

describe('suspended profiles', () => {
  it('when another member opens a suspended profile, its projects or follows it, then 403 with the suspension screen data', async () => {
    const suspended = await t.signUp({ firstName: 'Sus', lastName: 'Pended' });
    const other = await t.signUp();
    const at = await suspend(suspended.user.id, 'Spam');
    const expected = { message: 'User Suspended', reason: 'Spam', suspendedAt: at.toISOString() };
    for (const path of [`/api/users/${suspended.user.handle}`, `/api/users/${suspended.user.id}/projects`, `/api/users/${suspended.user.handle}/follow-status`]) {
      const res = await other.client.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual(expected);
    }
    const follow = await other.client.post(`/api/users/${suspended.user.handle}/follow`);
    expect(follow.status).toBe(403);
    expect(follow.body).toEqual(expected);
  });

  it('when the suspension has no reason, then reason is null', async () => {
    const suspended = await t.signUp();
    const other = await t.signUp();
    await suspend(suspended.user.id, null);
    const res = await other.client.get(`/api/users/${suspended.user.handle}`);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBeNull();
  });

  it('when an admin opens a suspended profile and its projects, then they see them with the suspension details', async () => {
    const admin = await t.signUp({ email: ADMIN_EMAIL, verified: true });
    const suspended = await t.signUp();
    await addProject(suspended.user.id, 'Hidden work', new Date());
    const at = await suspend(suspended.user.id, 'Spam');
    const res = await admin.client.get(`/api/users/${suspended.user.handle}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isSuspended: true, suspendedReason: 'Spam', suspendedAt: at.toISOString() });
    const list = await admin.client.get(`/api/users/${suspended.user.handle}/projects`);
    expect(list.status).toBe(200);
    expect((list.body as TProject[]).map((p) => p.title)).toEqual(['Hidden work']);
  });

  it('when the owner reads their own suspended profile, then the rule lets them see it', async () => {
    // A suspended member loses their session on the next request, so the rule is checked on the use case.
    const owner = await t.signUp();
    await suspend(owner.user.id, 'Spam');
    const row = (await findUserById(t.database.db, owner.user.id))!;
    const profile = await getProfile(t.deps, owner.user.handle, row);
    expect(profile).toMatchObject({ id: owner.user.id, isSuspended: true, suspendedReason: 'Spam' });
    const stranger = (await findUserById(t.database.db, (await t.signUp()).user.id))!;
    await expect(getProfile(t.deps, owner.user.handle, stranger)).rejects.toThrow('User Suspended');
  });
});

describe('GET /api/users/{handleOrId}/projects', () => {
  it('when a user has projects, then they come newest first as project cards; someone else\'s are not included', async () => {
    const author = await t.signUp({ firstName: 'Linus', lastName: 'T' });
    const someoneElse = await t.signUp();
    const viewer = await t.signUp();
    await addProject(author.user.id, 'Oldest', new Date('2024-01-01T00:00:00Z'));
    await addProject(author.user.id, 'Newest', new Date('2025-06-01T00:00:00Z'), { projectUrl: 'https://example.com/live', cost: 0 });
    await addProject(author.user.id, 'Middle', new Date('2024-06-01T00:00:00Z'));
    await addProject(someoneElse.user.id, 'Not theirs', new Date());
    const res = await viewer.client.get(`/api/users/${author.user.handle}/projects`);
    expect(res.status).toBe(200);
    const list = res.body as TProject[];
    expect(list.map((p) => p.title)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(list[0]).toMatchObject({
      authorId: author.user.id,
      authorName: 'Linus T',
      authorHandle: author.user.handle,
      projectUrl: 'https://example.com/live',
      cost: 0,
      averageRating: 0,
      ratingCount: 0,
      hostingType: 'external',
    });
    const byId = await viewer.client.get(`/api/users/${author.user.id}/projects`);
    expect(byId.body).toEqual(res.body);
  });

  it('when a user has no projects, then an empty list; an unknown user is 404', async () => {
    const empty = await t.signUp();
    const viewer = await t.signUp();
    const res = await viewer.client.get(`/api/users/${empty.user.handle}/projects`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const missing = await viewer.client.get('/api/users/nobody_at_all/projects');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Profile not found' });
  });
});

describe('PATCH /api/user/profile', () => {
  it('when the owner saves the form, then the profile and the signed-in user show the new values', async () => {
    const { client, user } = await t.signUp();
    const body = {
      displayName: 'Countess Ada',
      handle: 'countess_ada',
      bio: 'First programmer.',
      location: 'London',
      bannerImageUrl: 'https://example.com/banner.png',
      profileImageUrl: `/uploads/images/${'a'.repeat(32)}.png`,
      socialMedia1Platform: 'github',
      socialMedia1Url: 'https://github.com/ada',
      socialMedia2Platform: 'x',
      socialMedia2Url: 'https://x.com/ada',
    };
    const res = await client.patch('/api/user/profile', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, ...body, socialMedia3Platform: null, socialMedia3Url: null });
    const me = await client.get('/api/auth/user');
    expect(me.body).toMatchObject({ displayName: 'Countess Ada', handle: 'countess_ada', profileImageUrl: body.profileImageUrl });
    expect((await client.get('/api/users/countess_ada')).body).toMatchObject(body);
    expect((await client.get(`/api/users/${user.handle}`)).status).toBe(404);
  });

  it('when optional fields are absent they stay; when sent empty they are cleared', async () => {
    const { client } = await t.signUp();
    await client.patch('/api/user/profile', form({ bio: 'Keep me', location: 'Paris', socialMedia1Platform: 'x', socialMedia1Url: 'https://x.com/a' }));
    const kept = await client.patch('/api/user/profile', form({ displayName: 'Renamed' }));
    expect(kept.body).toMatchObject({ displayName: 'Renamed', bio: 'Keep me', location: 'Paris', socialMedia1Platform: 'x' });
    const cleared = await client.patch('/api/user/profile', form({ bio: '', location: '  ', socialMedia1Platform: '', socialMedia1Url: '' }));
    expect(cleared.body).toMatchObject({ bio: null, location: null, socialMedia1Platform: null, socialMedia1Url: null });
  });

  it('when a field is at or past its limit, then its limit message is given at the boundary', async () => {
    const { client } = await t.signUp();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ displayName: 'd'.repeat(49) }, null],
      [{ displayName: 'd'.repeat(50) }, null],
      [{ displayName: 'd'.repeat(51) }, 'String must contain at most 50 character(s)'],
      [{ displayName: '' }, 'Display name is required'],
      [{ displayName: '    ' }, 'Display name is required'],
      [{ displayName: undefined }, 'Display name is required'],
      [{ handle: 'ab' }, 'Handle must be at least 3 characters'],
      [{ handle: 'abc' }, null],
      [{ handle: 'h'.repeat(19) }, null],
      [{ handle: 'h'.repeat(20) }, null],
      [{ handle: 'h'.repeat(21) }, 'String must contain at most 20 character(s)'],
      [{ handle: 'has-dash' }, 'Handle can only contain letters, numbers, and underscores'],
      [{ handle: 'has space' }, 'Handle can only contain letters, numbers, and underscores'],
      [{ handle: 'émile' }, 'Handle can only contain letters, numbers, and underscores'],
      [{ handle: undefined }, 'Required'],
      [{ bio: 'b'.repeat(159) }, null],
      [{ bio: 'b'.repeat(160) }, null],
      [{ bio: 'b'.repeat(161) }, 'Bio must be 160 characters or less'],
      [{ location: 'l'.repeat(29) }, null],
      [{ location: 'l'.repeat(30) }, null],
      [{ location: 'l'.repeat(31) }, 'Location must be 30 characters or less'],
      [{ bannerImageUrl: '' }, null],
      [{ bannerImageUrl: 'https://example.com/b.jpg' }, null],
      [{ bannerImageUrl: 'not a url' }, 'Invalid url'],
      [{ bannerImageUrl: 'javascript:alert(1)' }, 'Invalid url'],
      [{ profileImageUrl: '/api/logout' }, 'Invalid url'],
      [{ socialMedia1Url: 'javascript:alert(1)' }, 'Social link URLs must start with http:// or https://'],
      [{ socialMedia2Url: 'ftp://example.com' }, 'Social link URLs must start with http:// or https://'],
      [{ socialMedia3Platform: 'myspace' }, 'Please choose a supported platform'],
    ];
    for (const [fields, message] of cases) {
      // A valid form with one field changed, or left out when the case gives undefined.
      const body: Record<string, unknown> = form();
      for (const [k, v] of Object.entries(fields)) {
        if (v === undefined) delete body[k];
        else body[k] = v;
      }
      const res = await client.patch('/api/user/profile', body);
      if (message === null) expect(res.status, JSON.stringify(fields)).toBe(200);
      else {
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(res.body).toEqual({ message });
      }
    }
  });

  it('when the handle is taken by someone else in any case, then 409; changing the case of one\'s own is fine', async () => {
    const first = await t.signUp();
    const second = await t.signUp();
    await first.client.patch('/api/user/profile', form({ handle: 'Taken_Handle' }));
    for (const handle of ['Taken_Handle', 'taken_handle', 'TAKEN_HANDLE']) {
      const res = await second.client.patch('/api/user/profile', form({ handle }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'This handle is already taken' });
    }
    const own = await first.client.patch('/api/user/profile', form({ handle: 'taken_HANDLE' }));
    expect(own.status).toBe(200);
    expect(own.body.handle).toBe('taken_HANDLE');
  });

  it('when two members claim one free handle at once, then exactly one gets it and the other gets 409', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const [ra, rb] = await Promise.all([
      a.client.patch('/api/user/profile', form({ handle: 'race_handle' })),
      b.client.patch('/api/user/profile', form({ handle: 'RACE_handle' })),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    expect([ra, rb].find((r) => r.status === 409)!.body).toEqual({ message: 'This handle is already taken' });
  });

  it('when privileged fields are sent, then they are ignored and never written', async () => {
    const { client, user, email } = await t.signUp();
    const res = await client.patch(
      '/api/user/profile',
      form({
        isAdmin: true,
        isPremium: true,
        isSuspended: true,
        suspendedReason: 'x',
        followerCount: 999,
        followingCount: 999,
        email: 'stolen@example.com',
        id: '00000000-0000-4000-8000-000000000000',
        passwordHash: 'x',
        premiumExpiresAt: '2999-01-01T00:00:00Z',
      }),
    );
    expect(res.status).toBe(200);
    const row = (await findUserById(t.database.db, user.id))!;
    expect(row).toMatchObject({
      isAdmin: false,
      isPremium: false,
      isSuspended: false,
      suspendedReason: null,
      followerCount: 0,
      followingCount: 0,
      email,
      premiumExpiresAt: null,
    });
    expect(row.passwordHash).not.toBe('x');
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});
