import Box from '@mui/material/Box';

const TEETH = [0, 45, 90, 135, 180, 225, 270, 315];

/** Sprocket's mark: a chainring, drawn as SVG so it stays sharp at any size. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" aria-hidden="true" sx={{ width: size, height: size }}>
      <g transform="translate(32 32)" fill="#f08a3c">
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
