// Path from Google's Material Icons (Apache-2.0), as MUI's Material icons 9.5.0 draw it.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const KeyboardArrowUpIcon = createSvgIcon(
  <path d="M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z" />,
  'KeyboardArrowUp',
);
