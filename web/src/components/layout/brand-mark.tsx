import Box from '@mui/material/Box';
import type { BrandSettings } from '@sprocket/contract';
import { LogoMark } from './logo-mark.js';

/**
 * The shop's logo, `size` px tall, beside its name (which says the same in words, so the picture
 * is decorative): the owner's uploaded logo, or the drawn chainring (docs/decisions/104). A wide
 * logo is held to a width that leaves a phone's header room for the name and its buttons.
 */
export function BrandMark({ brand, size }: { brand: BrandSettings | undefined; size: number }) {
  const logo = brand?.logo;
  if (!logo) return <LogoMark size={size} />;
  return (
    <Box
      component="img"
      src={logo.url}
      alt=""
      width={Math.round((size * logo.width) / logo.height)}
      height={size}
      sx={{
        display: 'block',
        flexShrink: 0,
        height: size,
        width: 'auto',
        maxWidth: { xs: size * 3, sm: size * 5 },
        objectFit: 'contain',
      }}
    />
  );
}
