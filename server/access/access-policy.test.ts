import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { assertAdmin, assertCanView, assertOwner, canView, type AccessViewer, type ResourceOf } from './access-policy';

const OWNER = '00000000-0000-4000-8000-000000000001';
const viewers: Record<string, AccessViewer> = {
  visitor: undefined,
  member: { id: '00000000-0000-4000-8000-000000000002', isAdmin: false },
  owner: { id: OWNER, isAdmin: false },
  admin: { id: '00000000-0000-4000-8000-000000000003', isAdmin: true },
  // A suspended member: over HTTP the session layer signs them out (they ask as visitors); the rules
  // themselves judge them by who they are, like any member.
  suspended: { id: '00000000-0000-4000-8000-000000000004', isAdmin: false },
};

type State = 'active' | 'suspended' | 'deleted';
const rows = {
  project: (s: State): ResourceOf<'project'> | undefined =>
    s === 'deleted' ? undefined : { authorId: OWNER, authorIsSuspended: s === 'suspended' },
  profile: (s: State): ResourceOf<'profile'> | undefined =>
    s === 'deleted' ? undefined : { id: OWNER, isSuspended: s === 'suspended', suspendedReason: 'spam', suspendedAt: null },
  comment: (s: State): ResourceOf<'comment'> | undefined =>
    s === 'deleted' ? undefined : { userId: viewers.member!.id, project: { authorId: OWNER, authorIsSuspended: s === 'suspended' } },
  notification: (s: State): ResourceOf<'notification'> | undefined => (s === 'deleted' ? undefined : { userId: OWNER }),
};

type Answers = Record<keyof typeof viewers, string>;
const everyone = (answer: string): Answers => ({ visitor: answer, member: answer, owner: answer, admin: answer, suspended: answer });
const ownerAndAdmin = (others: string): Answers => ({ ...everyone(others), owner: 'ok', admin: 'ok' });

/** A project and the comments on it follow one rule: hidden while the author is suspended. */
const projectRule: Record<State, Answers> = {
  active: everyone('ok'),
  suspended: ownerAndAdmin('403 Content Unavailable'),
  deleted: everyone('404 Project not found'),
};

/** viewer x resource x state -> the answer: 'ok', or the HTTP status and message of the refusal. */
const expected: Record<keyof typeof rows, Record<State, Answers>> = {
  project: projectRule,
  comment: projectRule,
  profile: {
    active: everyone('ok'),
    suspended: ownerAndAdmin('403 User Suspended'),
    deleted: everyone('404 Profile not found'),
  },
  notification: {
    // Only its recipient sees a notification; to anyone else it does not exist.
    active: { ...everyone('404 Notification not found'), owner: 'ok' },
    suspended: { ...everyone('404 Notification not found'), owner: 'ok' },
    deleted: everyone('404 Notification not found'),
  },
};

const STATUS: Record<string, number> = { UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };
function outcome(run: () => void): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return `${STATUS[err.code]} ${err.message}`;
  }
}

describe('access layer: viewer x resource x state', () => {
  for (const [kind, states] of Object.entries(expected) as [keyof typeof rows, Record<State, Answers>][]) {
    for (const [state, byViewer] of Object.entries(states) as [State, Record<string, string>][]) {
      for (const [who, answer] of Object.entries(byViewer)) {
        it(`${who} viewing a ${state} ${kind}: ${answer}`, () => {
          const row = rows[kind](state);
          expect(outcome(() => assertCanView(viewers[who], kind, row))).toBe(answer);
          if (row) expect(canView(viewers[who], { kind, ...row } as never)).toBe(answer === 'ok');
        });
      }
    }
  }

  it('a suspended profile refusal carries its reason', () => {
    try {
      assertCanView(viewers.member, 'profile', rows.profile('suspended'));
      expect.unreachable();
    } catch (err) {
      expect((err as AppError).details).toEqual({ reason: 'spam', suspendedAt: null });
    }
  });

  const writes: Record<keyof typeof viewers, [owner: string, admin: string]> = {
    visitor: ['401 Unauthorized', '401 Unauthorized'],
    member: ['403 Access Denied', '403 Access Denied'],
    owner: ['ok', '403 Access Denied'],
    admin: ['ok', 'ok'],
    suspended: ['403 Access Denied', '403 Access Denied'],
  };
  for (const [who, [ownerWrite, adminWrite]] of Object.entries(writes)) {
    it(`${who}: owner-only write ${ownerWrite}, admin-only action ${adminWrite}`, () => {
      expect(outcome(() => assertOwner(viewers[who], OWNER))).toBe(ownerWrite);
      expect(outcome(() => assertAdmin(viewers[who]))).toBe(adminWrite);
    });
  }
});
