import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Part } from '@sprocket/contract';
import { PartCard, PartCardSkeleton } from './part-card.js';

const PLACEHOLDERS = 6;
const columns = { xs: 12, sm: 6, lg: 4 } as const;

/**
 * "All Parts" over a grid of 1 column on small screens, 2 on medium, 3 on large; while loading,
 * "Parts are loading" over six placeholder cards (spec §2).
 */
export function PartsGrid({
  parts,
  isLoading,
  headingLevel = 'h2',
}: {
  parts: Part[] | undefined;
  isLoading: boolean;
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <section aria-busy={isLoading}>
      <Typography
        variant="h3"
        component={headingLevel}
        sx={{ textAlign: 'center', mb: { xs: 3, md: 5 } }}
      >
        {isLoading ? 'Parts are loading' : 'All Parts'}
      </Typography>
      <Grid container spacing={{ xs: 2.5, md: 3.5 }}>
        {isLoading
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <Grid key={index} size={columns}>
                <PartCardSkeleton />
              </Grid>
            ))
          : parts?.map((part) => (
              <Grid key={part._id} size={columns}>
                <PartCard part={part} />
              </Grid>
            ))}
      </Grid>
      {!isLoading && parts?.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
          No parts in the catalogue yet.
        </Typography>
      )}
    </section>
  );
}
