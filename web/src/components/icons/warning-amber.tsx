// Path from Google's Material Icons (Apache-2.0), as MUI's Material icons 9.5.0 draw it.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const WarningAmberIcon = createSvgIcon(
  [
    <path key="0" d="M12 5.99 19.53 19H4.47zM12 2 1 21h22z" />,
    <path key="1" d="M13 16h-2v2h2zm0-6h-2v5h2z" />,
  ],
  'WarningAmber',
);
