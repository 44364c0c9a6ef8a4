import { describe, expect, it } from 'vitest';
import { adminUserName } from './admin-user-name';

describe('adminUserName (the Users tab)', () => {
  it('when first and last name exist, then both', () => {
    expect(adminUserName({ firstName: 'Ada', lastName: 'Okafor', email: 'ada@example.com' })).toBe('Ada Okafor');
    expect(adminUserName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('Ada');
  });
  it('when there is no name, then the part of the email before the @', () => {
    expect(adminUserName({ firstName: ' ', lastName: null, email: 'grace.h@example.com' })).toBe('grace.h');
  });
  it('when there is neither, then Anonymous', () => {
    expect(adminUserName({ firstName: null, lastName: null, email: null })).toBe('Anonymous');
  });
});
