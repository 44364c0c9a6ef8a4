import { describe, expect, it } from 'vitest';
import { EXE_BYTES, PNG_1PX } from '../test/fixtures';
import { isText, matchesExtension } from './detect-native-file';

describe('native file content checks', () => {
  it('when an executable is named .png, .js or .html, then it does not match', async () => {
    expect(await matchesExtension('png', EXE_BYTES)).toBe(false);
    expect(await matchesExtension('js', EXE_BYTES)).toBe(false);
    expect(await matchesExtension('html', EXE_BYTES)).toBe(false);
  });

  it('when a real PNG is named .png, then it matches; named .jpg or .css it does not', async () => {
    expect(await matchesExtension('png', PNG_1PX)).toBe(true);
    expect(await matchesExtension('jpg', PNG_1PX)).toBe(false);
    expect(await matchesExtension('css', PNG_1PX)).toBe(false);
  });

  it('when text is UTF-8, then it is text; an SVG must contain an svg element', async () => {
    expect(isText(Buffer.from('body { content: "é✓"; }\n'))).toBe(true);
    expect(isText(Buffer.from([0xff, 0xfe, 0x41]))).toBe(false);
    expect(await matchesExtension('svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(true);
    expect(await matchesExtension('svg', Buffer.from('console.log(1)'))).toBe(false);
  });
});
