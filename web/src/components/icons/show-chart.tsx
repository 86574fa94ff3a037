// Path from Google's Material Icons (Apache-2.0), as MUI's Material icons 9.5.0 draw it.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const ShowChartIcon = createSvgIcon(
  <path d="m3.5 18.49 6-6.01 4 4L22 6.92l-1.41-1.41-7.09 7.97-4-4L2 16.99z" />,
  'ShowChart',
);
