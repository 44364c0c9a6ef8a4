import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl } from './image-variants';

describe('uploaded image variants', () => {
  const url = `/uploads/images/${'a'.repeat(32)}.jpg`;
  it('an uploaded image gets ?w= variants; an external one stays as it is', () => {
    expect(imageVariantUrl(url, 640)).toBe(`${url}?w=640`);
    expect(imageSrcSet(url)).toBe(`${url}?w=320 320w, ${url}?w=640 640w, ${url}?w=1280 1280w`);
    expect(imageVariantUrl('https://example.com/a.png', 640)).toBe('https://example.com/a.png');
    expect(imageSrcSet('https://example.com/a.png')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});
