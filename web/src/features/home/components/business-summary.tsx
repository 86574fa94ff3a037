import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BusinessSummary as Summary } from '@sprocket/contract';
import type { ReactNode } from 'react';
import { CheckCircleOutlinedIcon } from '../../../components/icons/check-circle-outlined.js';
import { Inventory2OutlinedIcon } from '../../../components/icons/inventory2-outlined.js';
import { VisibilityOutlinedIcon } from '../../../components/icons/visibility-outlined.js';
import { useStats } from '../api/get-stats.js';
import { QueryError } from '../../../components/feedback/query-error.js';
import { compactCount, wholePercent } from '../../../lib/format-count.js';

interface Stat {
  title: string;
  value: string;
  note: string;
  icon: ReactNode;
}

const plural = (count: number, one: string, many: string) =>
  `${compactCount(count)} ${count === 1 ? one : many}`;

/** docs/product.md §2.3: the original shop's labels over the store's figures (GET /stats). */
export const summaryStats = (summary: Summary): Stat[] => [
  {
    title: 'Total Parts',
    value: compactCount(summary.parts),
    note: 'In the catalogue today',
    icon: <Inventory2OutlinedIcon />,
  },
  {
    title: 'Product Views',
    value: compactCount(summary.productViews),
    note: 'Product pages opened',
    icon: <VisibilityOutlinedIcon />,
  },
  {
    title: 'Orders done',
    value: wholePercent(summary.orders.completedShare),
    note: `${plural(summary.orders.pending, 'order', 'orders')} pending`,
    icon: <CheckCircleOutlinedIcon />,
  },
];

const STAT_TITLES = ['Total Parts', 'Product Views', 'Orders done'];

export function BusinessSummary({
  avatarUrl,
  userName,
}: {
  /** The signed-in user's photo, shown when there is one. */
  avatarUrl?: string | null;
  userName?: string | null;
}) {
  const stats = useStats();
  const figures = stats.data ? summaryStats(stats.data) : null;
  return (
    <section aria-labelledby="business-summary">
      <Typography
        id="business-summary"
        variant="h3"
        component="h2"
        sx={{ textAlign: 'center', mb: { xs: 3, md: 5 } }}
      >
        Business Summary
      </Typography>
      {stats.isError && (
        <QueryError query={stats} sx={{ mb: 3 }}>
          The figures could not be loaded.
        </QueryError>
      )}
      <Grid container spacing={{ xs: 2.5, md: 3 }} aria-busy={stats.isPending}>
        {(
          figures ?? STAT_TITLES.map((title) => ({ title, value: null, note: null, icon: null }))
        ).map((stat) => (
          <Grid key={stat.title} size={{ xs: 12, md: avatarUrl ? 3 : 4 }}>
            <Card sx={{ p: 3, height: '100%', display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <Box
                sx={{
                  color: 'primary.main',
                  bgcolor: 'rgba(14, 74, 82, 0.08)',
                  borderRadius: 2,
                  p: 1.25,
                  display: 'flex',
                }}
              >
                {stat.icon ?? <Skeleton variant="circular" width={24} height={24} />}
              </Box>
              <Box>
                <Typography variant="body2" color="textSecondary">
                  {stat.title}
                </Typography>
                <Typography variant="h4" component="p" sx={{ color: 'primary.main', my: 0.5 }}>
                  {stat.value ?? <Skeleton width="3ch" />}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {stat.note ?? <Skeleton width="12ch" />}
                </Typography>
              </Box>
            </Card>
          </Grid>
        ))}
        {avatarUrl && (
          <Grid size={{ xs: 12, md: 3 }}>
            <Card
              sx={{
                p: 3,
                height: '100%',
                display: 'grid',
                placeItems: 'center',
                textAlign: 'center',
              }}
            >
              <Avatar
                src={avatarUrl}
                alt={userName ?? 'Your avatar'}
                sx={{ width: 72, height: 72, mb: 1 }}
              />
              {userName && (
                <Typography variant="body2" color="textSecondary">
                  Welcome back, {userName}
                </Typography>
              )}
            </Card>
          </Grid>
        )}
      </Grid>
    </section>
  );
}
