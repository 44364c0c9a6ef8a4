import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shared/constants';
import { EXE_BYTES, fileForm, PNG_1PX } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('POST /api/upload/image', () => {
  it('when a member uploads a PNG, then the answered URL serves that image with nosniff', async () => {
    const { client } = await t.signUp();
    const res = await client.post('/api/upload/image', fileForm('image', [{ name: 'me.png', data: PNG_1PX, type: 'image/png' }]));
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.png$/);
    const img = await fetch(t.url + res.body.url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG_1PX)).toBe(true);
  });

  it('when an executable is renamed to .png, then it is refused by its content', async () => {
    const { client } = await t.signUp();
    const res = await client.post('/api/upload/image', fileForm('image', [{ name: 'cat.png', data: EXE_BYTES, type: 'image/png' }]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Only PNG, JPEG, GIF and WebP images can be uploaded' });
  });

  it('when the image is 5 MB + 1 byte, then 413', async () => {
    const { client } = await t.signUp();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG_1PX.length)]);
    const res = await client.post('/api/upload/image', fileForm('image', [{ name: 'big.png', data: big, type: 'image/png' }]));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Image is larger than 5MB' });
  });

  it('when signed out, then 401', async () => {
    const res = await t.client().post('/api/upload/image', fileForm('image', [{ name: 'a.png', data: PNG_1PX }]));
    expect(res.status).toBe(401);
  });
});
