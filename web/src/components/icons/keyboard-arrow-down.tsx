// Path from Google's Material Icons (Apache-2.0), as MUI's Material icons 9.5.0 draw it.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const KeyboardArrowDownIcon = createSvgIcon(
  <path d="M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z" />,
  'KeyboardArrowDown',
);
