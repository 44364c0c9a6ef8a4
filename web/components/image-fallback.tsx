import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { CATEGORIES } from '@shared/constants';
import { imageSrcSet } from '@shared/image-variants';

type FallbackImageProps = {
  src: string | null | undefined;
  /** '' for a decorative image (the default); the fallback then is decorative too. */
  alt?: string;
  /** What shows when there is no address or the image fails to load; it fills the frame. */
  fallback?: ReactNode;
  /** Sizes the frame (e.g. width plus aspectRatio): the image fills it, so nothing moves while it loads. */
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
  /** Layout width of the image (the `sizes` attribute); uploaded images then come in the fitting WebP width. */
  sizes?: string;
  'data-testid'?: string;
};

/**
 * An image in a frame of fixed size that never shows the browser's broken-image box: while it loads the
 * frame shows a neutral tint, and if the address is missing or fails, the designed `fallback`.
 */
export function FallbackImage({ src, alt = '', fallback = null, sx, loading = 'lazy', sizes = '100vw', 'data-testid': testId }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  return (
    <Box
      data-testid={testId}
      data-fallback={failed || undefined}
      sx={[{ position: 'relative', overflow: 'hidden', bgcolor: 'action.hover', flexShrink: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {failed ? (
        fallback
      ) : (
        <Box
          component="img"
          src={src}
          srcSet={imageSrcSet(src)}
          sizes={imageSrcSet(src) ? sizes : undefined}
          alt={alt}
          loading={loading}
          decoding="async"
          onError={() => setFailedSrc(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}

/** Dark enough behind white text (at least 4.5:1) in both colour schemes. */
const CATEGORY_COLOURS = ['#4338ca', '#0f766e', '#7e22ce', '#b91c1c', '#1d4ed8', '#047857', '#9d174d', '#a16207', '#c2410c', '#475569'];

/** Each category keeps its own colour; an unknown one gets the last (slate). */
export function categoryColour(category: string | null | undefined): string {
  const i = CATEGORIES.indexOf(category as (typeof CATEGORIES)[number]);
  return CATEGORY_COLOURS[i < 0 ? CATEGORY_COLOURS.length - 1 : i]!;
}

/** A project's thumbnail, 16:9; the fallback is a tile in the category's colour with the title's initial. */
export function ProjectThumbnail({
  src,
  title,
  category,
  alt = '',
  sx,
  loading,
  initialSize = '2.5rem',
  sizes,
}: {
  src: string | null | undefined;
  title: string;
  category?: string | null;
  alt?: string;
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
  initialSize?: string;
  sizes?: string;
}) {
  const tile = (
    <Box
      data-testid="thumbnail-fallback"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: categoryColour(category),
        color: '#ffffff',
        fontWeight: 800,
        fontSize: initialSize,
        lineHeight: 1,
      }}
    >
      {title.trim().charAt(0).toUpperCase() || '?'}
    </Box>
  );
  return <FallbackImage src={src} alt={alt} fallback={tile} loading={loading} sizes={sizes} sx={[{ aspectRatio: '16 / 9', width: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
