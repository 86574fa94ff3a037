import Box from '@mui/material/Box';

/** The not-found illustration: a bicycle at a signpost whose arrows point nowhere useful. */
export function LostRider() {
  return (
    <Box
      component="svg"
      viewBox="0 0 480 320"
      role="img"
      aria-label="A bicycle parked at a signpost with crossed arrows"
      sx={{ width: '100%', maxWidth: 480, height: 'auto' }}
    >
      <ellipse cx="240" cy="290" rx="220" ry="14" fill="#e2e8e6" />
      <path d="M20 290 H460" stroke="#c9d3d1" strokeWidth="3" strokeDasharray="22 14" />
      {/* signpost */}
      <rect x="330" y="70" width="10" height="220" rx="3" fill="#55616a" />
      <path d="M340 86 H430 L448 102 L430 118 H340 Z" fill="#e8772e" />
      <path d="M330 128 H250 L232 144 L250 160 H330 Z" fill="#0e4a52" />
      <path d="M340 170 H416 L432 184 L416 198 H340 Z" fill="#e8772e" opacity="0.75" />
      <text
        x="385"
        y="108"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        ???
      </text>
      <text
        x="282"
        y="150"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        404
      </text>
      {/* bicycle */}
      <g fill="none" stroke="#1f262b" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="90" cy="236" r="50" />
        <circle cx="250" cy="236" r="50" />
        <path d="M90 236 L145 160 L225 160 L250 236" />
        <path d="M90 236 L165 236 L225 160" />
        <path d="M145 160 L165 236" />
        <path d="M225 160 L218 132 L200 126" />
        <path d="M133 140 L162 140" stroke="#e8772e" strokeWidth="9" />
        <path d="M145 160 L150 142" />
      </g>
      <circle cx="165" cy="236" r="13" fill="none" stroke="#e8772e" strokeWidth="6" />
      {/* question marks floating above the rider's spot */}
      <g fill="#0e4a52" fontFamily="sans-serif" fontWeight="800">
        <text x="150" y="96" fontSize="44">
          ?
        </text>
        <text x="186" y="70" fontSize="30" opacity="0.7">
          ?
        </text>
        <text x="122" y="64" fontSize="24" opacity="0.5">
          ?
        </text>
      </g>
    </Box>
  );
}
