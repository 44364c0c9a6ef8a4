import sharp from 'sharp';
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
    const served = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(res.body).toMatchObject({ width: 1, height: 1 });
  });

  it('when a JPEG with GPS EXIF is uploaded, then it is served without any metadata, with WebP variants by width', async () => {
    const { client } = await t.signUp();
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await client.post('/api/upload/image', fileForm('image', [{ name: 'trip.jpg', data: photo, type: 'image/jpeg' }]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: expect.stringMatching(/\.jpg$/), width: 1600, height: 1200 });
    expect((res.body.variants as { width: number }[]).map((v) => v.width)).toEqual([320, 640, 1280]);

    const img = await fetch(t.url + res.body.url);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await img.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);

    const small = await fetch(`${t.url}${res.body.url}?w=640`);
    expect(small.headers.get('content-type')).toBe('image/webp');
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect(smallMeta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(smallMeta.exif).toBeUndefined();
  });

  it('when an image is larger than the bound, then it is stored scaled down; it streams by range and answers 304 to its ETag', async () => {
    const { client } = await t.signUp();
    const huge = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#333' } }).png().toBuffer();
    const res = await client.post('/api/upload/image', fileForm('image', [{ name: 'wide.png', data: huge, type: 'image/png' }]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 2560, height: 640 });
    const full = await fetch(t.url + res.body.url);
    const etag = full.headers.get('etag')!;
    const size = (await full.arrayBuffer()).byteLength;
    const part = await fetch(t.url + res.body.url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(8);
    expect((await fetch(t.url + res.body.url, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(304);
  });

  it('when the bytes start like a PNG but do not decode, then it is refused', async () => {
    const { client } = await t.signUp();
    const broken = Buffer.concat([PNG_1PX.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await client.post('/api/upload/image', fileForm('image', [{ name: 'broken.png', data: broken, type: 'image/png' }]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Only PNG, JPEG, GIF and WebP images can be uploaded' });
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
