import { describe, expect, it } from 'vitest';
import { initialsOf, profileNameOf, usableImageUrl } from './profile-display';

const none = { displayName: null, firstName: null, lastName: null };

describe('profile names', () => {
  it('when displayName is set it wins; else first plus last name; else Anonymous', () => {
    expect(profileNameOf({ displayName: 'Ada L', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada L');
    expect(profileNameOf({ displayName: '  ', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(profileNameOf({ ...none, lastName: 'Lovelace' })).toBe('Lovelace');
    expect(profileNameOf(none)).toBe('Anonymous');
  });

  it('when there is a name, then up to two initials; without one, the email letter, else U', () => {
    expect(initialsOf({ displayName: 'grace brewster hopper', firstName: null, lastName: null })).toBe('GH');
    expect(initialsOf({ ...none, firstName: 'Ada' })).toBe('A');
    expect(initialsOf({ ...none, email: 'zed@example.com' })).toBe('Z');
    expect(initialsOf(none)).toBe('U');
  });
});

describe('usableImageUrl', () => {
  it('when the address is http(s) or an upload of this server it is used; anything else is not', () => {
    expect(usableImageUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(usableImageUrl(`/uploads/images/${'f'.repeat(32)}.webp`)).toBe(`/uploads/images/${'f'.repeat(32)}.webp`);
    for (const bad of [null, '', 'javascript:alert(1)', '/api/logout', 'data:image/png;base64,AAAA']) expect(usableImageUrl(bad)).toBeNull();
  });
});
