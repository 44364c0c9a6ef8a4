import { describe, expect, it } from 'vitest';
import { DESKTOP_ARGS, DESKTOP_CHANNELS, ZAppPathSchema, ZNotifyInputSchema, deepLinkPath, isHttpUrl } from './desktop-api';

describe('isHttpUrl', () => {
  it('when given absolute http(s) URLs, then true', () => {
    expect(isHttpUrl('http://localhost:5000/')).toBe(true);
    expect(isHttpUrl('https://github.com/x?y#z')).toBe(true);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@b.c', '/projects/1', '', 'https//x'])(
    'when given %s, then false',
    (url) => expect(isHttpUrl(url)).toBe(false),
  );
});

describe('bridge schemas', () => {
  it('when every channel is listed, then each has an argument schema', () => {
    expect(Object.keys(DESKTOP_ARGS).sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
  });

  it.each(['/project/12', '/notifications', '/'])('when %s is an app path, then it passes', (p) => {
    expect(ZAppPathSchema.safeParse(p).success).toBe(true);
  });

  it.each(['project/1', '//evil.example', 'https://evil.example/', '/a/../b', '/a?x=1', '/a#b', `/${'a'.repeat(300)}`])(
    'when %s is not an app path, then it fails',
    (p) => expect(ZAppPathSchema.safeParse(p).success).toBe(false),
  );

  it('when a notification has an unknown field, then it fails', () => {
    expect(ZNotifyInputSchema.safeParse({ title: 'a', body: 'b', icon: 'x' }).success).toBe(false);
  });
});

describe('deepLinkPath', () => {
  it.each([
    ['buildboard://project/12', '/project/12'],
    ['buildboard://project/12/', '/project/12'],
    ['buildboard:/project/7', '/project/7'],
  ])('when given %s, then opens %s', (link, path) => expect(deepLinkPath(link)).toBe(path));

  it.each(['buildboard://project/0', 'buildboard://project/abc', 'buildboard://admin', 'https://project/1', 'nonsense', 'buildboard://project/1/../admin'])(
    'when given %s, then null',
    (link) => expect(deepLinkPath(link)).toBeNull(),
  );
});
