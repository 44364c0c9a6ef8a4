import { describe, expect, it } from 'vitest';
import { completeSocialLinks, ZProfileUpdateSchema, type TProfileUpdate } from './user';

const valid: TProfileUpdate = { displayName: 'Ada Lovelace', handle: 'ada_1815' };

/** The first message the schema gives for these fields, or null when it accepts them. */
function firstError(fields: Record<string, unknown>): string | null {
  const r = ZProfileUpdateSchema.safeParse({ ...valid, ...fields });
  return r.success ? null : r.error.issues[0]!.message;
}

describe('ZProfileUpdateSchema', () => {
  it('when displayName is missing, empty or blank, then "Display name is required"', () => {
    expect(ZProfileUpdateSchema.safeParse({ handle: 'ada' }).error?.issues[0]?.message).toBe('Display name is required');
    expect(firstError({ displayName: '' })).toBe('Display name is required');
    expect(firstError({ displayName: '   ' })).toBe('Display name is required');
  });

  it('when displayName has 50 characters it passes; 51 gives the default max message', () => {
    expect(firstError({ displayName: 'a'.repeat(50) })).toBeNull();
    expect(firstError({ displayName: 'a'.repeat(51) })).toBe('String must contain at most 50 character(s)');
  });

  it('when the handle is 2, 3, 20 or 21 characters, then only 3 to 20 pass with the spec messages', () => {
    expect(firstError({ handle: 'ab' })).toBe('Handle must be at least 3 characters');
    expect(firstError({ handle: 'abc' })).toBeNull();
    expect(firstError({ handle: 'a'.repeat(20) })).toBeNull();
    expect(firstError({ handle: 'a'.repeat(21) })).toBe('String must contain at most 20 character(s)');
  });

  it('when the handle has anything but letters, digits and underscores, then the charset message', () => {
    for (const bad of ['ada-l', 'ada l', 'ada.l', 'adá_l', 'ada!']) {
      expect(firstError({ handle: bad })).toBe('Handle can only contain letters, numbers, and underscores');
    }
    expect(firstError({ handle: 'Ada_L_99' })).toBeNull();
  });

  it('when the handle is missing, then the default "Required"', () => {
    expect(ZProfileUpdateSchema.safeParse({ displayName: 'Ada' }).error?.issues[0]?.message).toBe('Required');
  });

  it('when bio is 160 it passes and 161 gives "Bio must be 160 characters or less"', () => {
    expect(firstError({ bio: 'b'.repeat(160) })).toBeNull();
    expect(firstError({ bio: 'b'.repeat(161) })).toBe('Bio must be 160 characters or less');
  });

  it('when location is 30 it passes and 31 gives "Location must be 30 characters or less"', () => {
    expect(firstError({ location: 'l'.repeat(30) })).toBeNull();
    expect(firstError({ location: 'l'.repeat(31) })).toBe('Location must be 30 characters or less');
  });

  it('when bannerImageUrl is empty, http(s) or an uploaded image it passes; anything else is refused', () => {
    for (const ok of ['', 'https://example.com/b.png', 'http://example.com/b', `/uploads/images/${'a'.repeat(32)}.png`]) {
      expect(firstError({ bannerImageUrl: ok, profileImageUrl: ok })).toBeNull();
    }
    for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://example.com/b.png', '/api/logout', '/uploads/../secret.png']) {
      expect(firstError({ bannerImageUrl: bad })).toBe('Invalid url');
      expect(firstError({ profileImageUrl: bad })).toBe('Invalid url');
    }
  });

  it('when a social link URL is not http(s), then it is refused; an unknown platform too', () => {
    expect(firstError({ socialMedia1Platform: 'github', socialMedia1Url: 'https://github.com/ada' })).toBeNull();
    expect(firstError({ socialMedia2Url: 'javascript:alert(1)' })).toBe('Social link URLs must start with http:// or https://');
    expect(firstError({ socialMedia3Url: 'github.com/ada' })).toBe('Social link URLs must start with http:// or https://');
    expect(firstError({ socialMedia1Platform: 'myspace' })).toBe('Please choose a supported platform');
  });

  it('when privileged fields are sent, then they are stripped from the parsed value', () => {
    const r = ZProfileUpdateSchema.parse({ ...valid, isAdmin: true, isPremium: true, followerCount: 1e6, isSuspended: false });
    expect(r).toEqual(valid);
  });

  it('when values have surrounding spaces, then they are trimmed', () => {
    expect(ZProfileUpdateSchema.parse({ displayName: '  Ada  ', handle: ' ada_l ', bio: ' hi ' })).toEqual({
      displayName: 'Ada',
      handle: 'ada_l',
      bio: 'hi',
    });
  });
});

describe('completeSocialLinks', () => {
  it('when a pair lacks its platform or URL, then only the complete pairs are listed in order', () => {
    expect(
      completeSocialLinks({
        socialMedia1Platform: 'github',
        socialMedia1Url: 'https://github.com/ada',
        socialMedia2Platform: 'x',
        socialMedia2Url: '',
        socialMedia3Platform: 'youtube',
        socialMedia3Url: 'https://youtube.com/@ada',
      }),
    ).toEqual([
      { slot: 1, platform: 'github', url: 'https://github.com/ada' },
      { slot: 3, platform: 'youtube', url: 'https://youtube.com/@ada' },
    ]);
    expect(completeSocialLinks({ socialMedia1Platform: null, socialMedia1Url: 'https://a.example' })).toEqual([]);
  });
});
