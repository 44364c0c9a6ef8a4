import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP archive written to a file as entries are added: text is deflated, files already compressed
 * (images, fonts) are stored as they are. Nothing holds the whole archive in memory.
 */
export async function writeZip(path: string, fill: (add: (name: string, data: Uint8Array | string, compress?: boolean) => void) => Promise<void>): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  let size = 0;
  let failure: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else {
      size += chunk.length;
      out.write(chunk);
    }
    if (final || err) out.end();
  });
  const add = (name: string, data: Uint8Array | string, compress = true) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(typeof data === 'string' ? new TextEncoder().encode(data) : data, true);
  };
  try {
    await fill(add);
    zip.end();
  } catch (err) {
    zip.terminate();
    out.end();
    throw err;
  }
  await once(out, 'close');
  if (failure) throw failure;
  return size;
}
