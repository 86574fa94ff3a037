import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { categoryOf, partSpecRows, type CataloguePart, type PartVariant } from '@sprocket/contract';
import { Fragment, useId } from 'react';
import { useCategories } from '../../../lib/categories-query.js';

/**
 * A product page's "Specifications": what the part fits (speeds, wheel size, axle, brake mount…,
 * docs/decisions/067), as a definition list; nothing for a part without specs. For a part sold in
 * sizes, the chosen `variant`'s: its own specs over the part's (docs/decisions/088).
 */
export function PartSpecs({
  part,
  variant,
}: {
  part: Pick<CataloguePart, 'category' | 'specs'>;
  variant?: Pick<PartVariant, 'specs'>;
}) {
  const headingId = useId();
  const rows = partSpecRows(part, categoryOf(useCategories(), part.category), variant);
  if (rows.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h2">
        Specifications
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
          columnGap: 3,
          rowGap: 1,
          m: 0,
        }}
      >
        {rows.map(({ spec, text }) => (
          <Fragment key={spec.key}>
            <Typography component="dt" color="textSecondary">
              {spec.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {text}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Stack>
  );
}
