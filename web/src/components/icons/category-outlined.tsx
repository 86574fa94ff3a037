// Path from Google's Material Icons (Apache-2.0), as MUI's Material icons 9.5.0 draw it.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const CategoryOutlinedIcon = createSvgIcon(
  <path d="m12 2-5.5 9h11zm0 3.84L13.93 9h-3.87zM17.5 13c-2.49 0-4.5 2.01-4.5 4.5s2.01 4.5 4.5 4.5 4.5-2.01 4.5-4.5-2.01-4.5-4.5-4.5m0 7c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5M3 21.5h8v-8H3zm2-6h4v4H5z" />,
  'CategoryOutlined',
);
