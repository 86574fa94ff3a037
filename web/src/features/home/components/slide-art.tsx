/** Drawn illustrations for the home carousel: no images are fetched from the internet. */
import Box from '@mui/material/Box';

const stroke = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function Bicycle() {
  return (
    <g {...stroke} stroke="#ffffff" strokeWidth="9">
      <circle cx="120" cy="230" r="78" strokeOpacity="0.95" />
      <circle cx="380" cy="230" r="78" strokeOpacity="0.95" />
      <circle cx="120" cy="230" r="8" fill="#ffffff" />
      <circle cx="380" cy="230" r="8" fill="#ffffff" />
      <path d="M120 230 L205 110 L335 110 L380 230" />
      <path d="M120 230 L240 230 L335 110" />
      <path d="M205 110 L240 230" />
      <path d="M190 85 L232 85" stroke="#f08a3c" strokeWidth="12" />
      <path d="M205 110 L212 86" />
      <path d="M335 110 L325 70 L300 62" />
      <circle cx="240" cy="230" r="22" stroke="#f08a3c" />
      <path d="M240 230 L270 262 M262 266 L282 258" stroke="#f08a3c" />
      <path
        d="M18 318 H482"
        stroke="#ffffff"
        strokeOpacity="0.35"
        strokeWidth="4"
        strokeDasharray="26 18"
      />
    </g>
  );
}

function Chainring() {
  const teeth = Array.from({ length: 24 }, (_, i) => i * 15);
  return (
    <g transform="translate(250 190)">
      <g fill="#f08a3c">
        <circle r="120" />
        {teeth.map((angle) => (
          <rect
            key={angle}
            x="-9"
            y="-142"
            width="18"
            height="28"
            rx="4"
            transform={`rotate(${angle})`}
          />
        ))}
      </g>
      <circle r="92" fill="#0e4a52" />
      {[0, 72, 144, 216, 288].map((angle) => (
        <rect
          key={angle}
          x="-12"
          y="-96"
          width="24"
          height="70"
          rx="12"
          fill="#f08a3c"
          transform={`rotate(${angle})`}
        />
      ))}
      <circle r="34" fill="#f08a3c" />
      <circle r="16" fill="#0e4a52" />
      <g {...stroke} stroke="#ffffff" strokeOpacity="0.6" strokeWidth="6">
        <path d="M-240 150 C-150 110 -90 170 0 150 S 150 110 240 150" />
      </g>
    </g>
  );
}

function Headlight() {
  return (
    <g>
      <path d="M250 190 L500 90 L500 290 Z" fill="#fff7d6" fillOpacity="0.28" />
      <path d="M250 190 L500 130 L500 250 Z" fill="#fff7d6" fillOpacity="0.32" />
      <rect x="130" y="145" width="130" height="90" rx="28" fill="#263238" />
      <rect x="232" y="158" width="34" height="64" rx="14" fill="#fff3c4" />
      <rect x="150" y="168" width="56" height="12" rx="6" fill="#f08a3c" />
      <rect x="150" y="190" width="36" height="12" rx="6" fill="#ffffff" fillOpacity="0.5" />
      <path d="M175 235 L175 275 M145 275 H205" {...stroke} stroke="#263238" strokeWidth="12" />
      {[40, 90, 140].map((y) => (
        <circle key={y} cx={50 + y / 3} cy={y + 40} r="3" fill="#ffffff" fillOpacity="0.7" />
      ))}
    </g>
  );
}

const ART = { bicycle: Bicycle, chainring: Chainring, headlight: Headlight };
export type SlideArtName = keyof typeof ART;

export function SlideArt({ name }: { name: SlideArtName }) {
  const Art = ART[name];
  return (
    <Box
      component="svg"
      viewBox="0 0 500 360"
      aria-hidden="true"
      sx={{ width: '100%', height: 'auto', maxHeight: { xs: 190, md: 340 } }}
    >
      <Art />
    </Box>
  );
}
