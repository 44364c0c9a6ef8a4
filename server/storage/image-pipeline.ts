import sharp, { type Sharp } from 'sharp';
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_EDGE } from '@shared/constants';
import { detectImage } from './detect-image';

/** An uploaded image after the pipeline: re-encoded without metadata, bounded, with WebP variants. */
export type ProcessedImage = {
  ext: string;
  mime: string;
  data: Buffer;
  width: number;
  height: number;
  /** One WebP per width of IMAGE_VARIANT_WIDTHS (never wider than the image itself). */
  variants: { width: number; data: Buffer }[];
};

/** Decoding bombs stop here: no image over 50 megapixels is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks an upload by decoding it (not only its magic bytes), then re-encodes it in its own format
 * with the EXIF orientation applied and every metadata block (EXIF, GPS, XMP, ICC comments) dropped,
 * no larger than MAX_IMAGE_EDGE on its longest side, plus WebP variants for thumbnails, avatars and
 * banners. Answers null for anything that is not a decodable PNG, JPEG, GIF or WebP.
 */
export async function processImage(input: Uint8Array): Promise<ProcessedImage | null> {
  const type = await detectImage(input);
  if (!type) return null;
  const animated = type.ext === 'gif' || type.ext === 'webp';
  const open = () => sharp(input, { animated, failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  try {
    const bounded = open()
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded = await reencode(bounded, type.ext).toBuffer({ resolveWithObject: true });
    const width = encoded.info.width;
    const height = encoded.info.pageHeight ?? encoded.info.height;
    const variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (w) => ({
        width: w,
        data: await open()
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return { ext: type.ext, mime: type.mime, data: encoded.data, width, height, variants };
  } catch {
    return null;
  }
}

function reencode(img: Sharp, ext: string): Sharp {
  switch (ext) {
    case 'jpg':
      return img.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return img.png();
    case 'gif':
      return img.gif();
    default:
      return img.webp({ quality: 85 });
  }
}
