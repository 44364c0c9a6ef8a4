import { describe, expect, it } from 'vitest';
import { ZProfileUpdateSchema } from '@shared/schemas/user';
import { handleBase } from './generate-handle';

describe('handleBase', () => {
  it('when names or emails have accents, spaces or symbols, then the base is a valid handle with room for a suffix', () => {
    const sources = [
      { firstName: 'José', lastName: 'Núñez' },
      { firstName: 'Mary-Jane', lastName: "O'Neil Watson-Smithers the Third" },
      { email: 'x@example.com' },
      { email: '日本@example.com' },
      { firstName: '!!', lastName: '??' },
      {},
    ];
    for (const s of sources) {
      const base = handleBase(s);
      expect(base.length).toBeLessThanOrEqual(15);
      // The longest suffix generate-handle adds has 5 digits.
      expect(ZProfileUpdateSchema.shape.handle.safeParse(`${base}99999`).success).toBe(true);
      expect(ZProfileUpdateSchema.shape.handle.safeParse(base).success).toBe(true);
    }
    expect(handleBase({ firstName: 'José', lastName: 'Núñez' })).toBe('jose_nunez');
  });
});
