// Addresses of an uploaded image's WebP variants. Kept apart from the upload schema so that the pages
// that show images do not load zod with their first paint.
import { IMAGE_VARIANT_WIDTHS } from './constants';

const UPLOADED = /^\/uploads\/images\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** The WebP variant of an uploaded image at one of IMAGE_VARIANT_WIDTHS (other addresses stay as they are). */
export function imageVariantUrl(url: string, width: (typeof IMAGE_VARIANT_WIDTHS)[number]): string {
  return UPLOADED.test(url) ? `${url}?w=${width}` : url;
}

/** A srcset for an <img> of an uploaded image, or undefined for an external address. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !UPLOADED.test(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}
