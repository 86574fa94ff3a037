import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

const TEETH = [0, 45, 90, 135, 180, 225, 270, 315];

/**
 * The shop's mark until its owner uploads a logo: a chainring in the accent colour's light shade
 * (it stands on the dark bar and footer), drawn as SVG so it stays sharp at any size.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  const { palette } = useTheme();
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      <g transform="translate(32 32)" fill={palette.secondary.light}>
        <circle r="17" />
        {TEETH.map((angle) => (
          <rect
            key={angle}
            x="-3.5"
            y="-23"
            width="7"
            height="8"
            rx="1.5"
            transform={`rotate(${angle})`}
          />
        ))}
      </g>
      <circle cx="32" cy="32" r="7" fill="currentColor" />
    </Box>
  );
}
