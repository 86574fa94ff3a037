import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { srcSetOf, type PictureRendition } from '@sprocket/contract';
import { useCallback, useState } from 'react';
import { PedalBikeOutlinedIcon } from '../icons/pedal-bike-outlined.js';

/** The tint behind a part's picture, and of the placeholder that stands in for a missing one. */
export const PART_IMAGE_BACKGROUND = '#eef2f4';

/**
 * A picture given a class rather than `sx` is a plain `<img>` with static CSS
 * (docs/decisions/116): a dozen cards on a page each had one that emotion styled as it hydrated.
 */
export const PART_IMAGE_CSS = `
.part-image {
  display: block;
  object-fit: cover;
  background-color: ${PART_IMAGE_BACKGROUND};
}
`;

/**
 * A part's picture. When the address is empty or the image fails to load, a neutral placeholder
 * (a bicycle on the tinted box) takes its place, named by `alt` for screen readers, so no page
 * ever shows the browser's broken-image icon (issue 12, item 6). `sx` sizes both the same way.
 * With an upload's `renditions`, a `<picture>` offers its AVIF and WebP copies by width and the
 * browser downloads the one `sizes` needs (docs/decisions/096); `src` stays the fallback.
 * `className` instead of `sx` sizes the picture from static CSS (PART_IMAGE_CSS).
 */
export function PartImage({
  src,
  alt,
  sx,
  className,
  loading,
  renditions = [],
  sizes = '100vw',
}: {
  src: string | undefined;
  alt: string;
  sx?: SxProps<Theme>;
  className?: string;
  loading?: 'lazy' | 'eager';
  renditions?: readonly PictureRendition[];
  /** How wide the picture is shown, as the `sizes` attribute says it (a card: a column). */
  sizes?: string;
}) {
  // The address that failed, so that a new address is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const address = src?.trim() ?? '';
  // In a page rendered on the server the picture may fail before React listens (hydration): an
  // image the browser is done with but cannot decode failed then.
  const checkFailedEarlier = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && typeof img.decode === 'function') {
        img.decode().catch(() => setFailedSrc(address));
      }
    },
    [address],
  );
  if (address === '' || failedSrc === address) {
    return (
      <Box
        // A decorative picture (alt "") stays silent, as an <img alt=""> would.
        {...(alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt })}
        data-testid="part-image-placeholder"
        sx={[
          {
            display: 'grid',
            placeItems: 'center',
            bgcolor: PART_IMAGE_BACKGROUND,
            color: 'rgba(31, 38, 43, 0.28)',
            overflow: 'hidden',
            // The icon scales with the box: a thumbnail's is small, a product page's large.
            containerType: 'inline-size',
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
        className={className}
      >
        <PedalBikeOutlinedIcon aria-hidden="true" sx={{ fontSize: 'min(6rem, 35cqi)' }} />
      </Box>
    );
  }
  const image = className ? (
    <img
      className={`part-image ${className}`}
      src={address}
      alt={alt}
      loading={loading}
      onError={() => setFailedSrc(address)}
      ref={checkFailedEarlier}
    />
  ) : (
    <Box
      component="img"
      src={address}
      alt={alt}
      loading={loading}
      onError={() => setFailedSrc(address)}
      sx={[
        { display: 'block', objectFit: 'cover', bgcolor: PART_IMAGE_BACKGROUND },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      ref={checkFailedEarlier}
    />
  );
  if (renditions.length === 0) return image;
  return (
    // `display: contents`: the <img> is laid out as it would be without the <picture> around it;
    // the sources take no box of their own (a grid would give them rows), and still choose.
    <picture style={{ display: 'contents' }}>
      <source
        type="image/avif"
        srcSet={srcSetOf(renditions, 'avif')}
        sizes={sizes}
        style={{ display: 'none' }}
      />
      <source
        type="image/webp"
        srcSet={srcSetOf(renditions, 'webp')}
        sizes={sizes}
        style={{ display: 'none' }}
      />
      {image}
    </picture>
  );
}

/**
 * A part's square thumbnail beside its name (a cart line, an order line, the review dialog):
 * decorative, as the name next to it says what it shows. `size` as sx's, per breakpoint or one.
 */
export function PartThumbnail({
  src,
  size,
  sx,
}: {
  src: string | undefined;
  size: number | { xs: number; sm: number };
  /** Where it sits: a grid area, an alignment. */
  sx?: SxProps<Theme>;
}) {
  return (
    <PartImage
      src={src}
      alt=""
      sx={[
        { width: size, height: size, flexShrink: 0, borderRadius: 2 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
