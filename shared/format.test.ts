import { describe, expect, it } from 'vitest';
import { avatarLetterOf, displayNameOf, formatCost, formatCount, formatRating, isHttpUrl, isImageUrl, publicNameOf, ratingsLabel } from './format';

describe('formatCount (1000 or more shows one decimal plus K)', () => {
  it('when the count is below 1000, then it shows as is', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('when the count is 1000 or more, then one decimal plus K', () => {
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(1250)).toBe('1.3K');
    expect(formatCount(15_500)).toBe('15.5K');
  });
});

describe('formatCost (integer cents; 0 means Free)', () => {
  it('when the cost is 0 cents, then Free', () => {
    expect(formatCost(0)).toBe('Free');
  });

  it('when the cost is positive, then dollars with 2 decimals', () => {
    expect(formatCost(1250)).toBe('$12.50');
    expect(formatCost(5)).toBe('$0.05');
    expect(formatCost(100)).toBe('$1.00');
  });

  it('when there is no cost, then nothing is shown', () => {
    expect(formatCost(null)).toBeNull();
    expect(formatCost(undefined)).toBeNull();
  });
});

describe('displayNameOf (displayName, else first + last, else email before @, else User)', () => {
  it('follows the fallback order', () => {
    expect(displayNameOf({ displayName: 'Ada L.', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' })).toBe('Ada L.');
    expect(displayNameOf({ displayName: '  ', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' })).toBe('Ada Lovelace');
    expect(displayNameOf({ firstName: 'Ada', email: 'ada@x.io' })).toBe('Ada');
    expect(displayNameOf({ lastName: 'Lovelace' })).toBe('Lovelace');
    expect(displayNameOf({ displayName: null, firstName: null, email: 'countess@x.io' })).toBe('countess');
    expect(displayNameOf({})).toBe('User');
    expect(displayNameOf(null)).toBe('User');
  });
});

describe('avatarLetterOf (display name, else first name, else email, else U)', () => {
  it('follows the fallback order and upper-cases the letter', () => {
    expect(avatarLetterOf({ displayName: 'grace', firstName: 'Zed', email: 'z@x.io' })).toBe('G');
    expect(avatarLetterOf({ displayName: '', firstName: 'hopper', email: 'z@x.io' })).toBe('H');
    expect(avatarLetterOf({ email: 'mail@x.io' })).toBe('M');
    expect(avatarLetterOf({})).toBe('U');
    expect(avatarLetterOf(undefined)).toBe('U');
  });
});

describe('isHttpUrl (the card uses an avatar only when its address starts with http)', () => {
  it('accepts http and https only', () => {
    expect(isHttpUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isHttpUrl('http://cdn.example.com/a.png')).toBe(true);
    expect(isHttpUrl('/uploads/images/a.png')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
    expect(isHttpUrl(undefined)).toBe(false);
  });
});

describe('ratings', () => {
  it("labels '(1 rating)' and '(n ratings)'", () => {
    expect(ratingsLabel(1)).toBe('(1 rating)');
    expect(ratingsLabel(0)).toBe('(0 ratings)');
    expect(ratingsLabel(12)).toBe('(12 ratings)');
  });

  it('shows the value with one decimal, or a dash when it is 0', () => {
    expect(formatRating(4.333)).toBe('4.3');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating(0)).toBe('-');
  });
});

describe('publicNameOf (never any part of an email to others)', () => {
  it('uses displayName, else first + last name, else User, and ignores the email', () => {
    expect(publicNameOf({ displayName: 'Ada L.', firstName: 'Ada' })).toBe('Ada L.');
    expect(publicNameOf({ firstName: ' Ada ', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    const withEmail = { displayName: null, firstName: null, lastName: null, email: 'countess@x.io' };
    expect(publicNameOf(withEmail)).toBe('User');
    expect(publicNameOf(null)).toBe('User');
  });
});

describe('isImageUrl (uploaded avatars show on cards)', () => {
  it('accepts http(s) and our uploaded image paths only', () => {
    expect(isImageUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isImageUrl(`/uploads/images/${'a'.repeat(32)}.png`)).toBe(true);
    expect(isImageUrl('/uploads/images/../../etc/passwd')).toBe(false);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
    expect(isImageUrl('//evil.example/a.png')).toBe(false);
    expect(isImageUrl(null)).toBe(false);
  });
});
