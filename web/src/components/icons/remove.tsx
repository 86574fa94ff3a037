// Path from Google's Material Icons (Apache-2.0), as MUI's Material icons 9.5.0 draw it.
import { createSvgIcon } from '@mui/material/SvgIcon';

export const RemoveIcon = createSvgIcon(<path d="M19 13H5v-2h14z" />, 'Remove');
