import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Stat {
  title: string;
  value: string;
  note: string;
  icon: ReactNode;
}

/** docs/product.md §2.3: static figures. */
const STATS: Stat[] = [
  {
    title: 'Total Parts',
    value: '2.6K',
    note: '19% more than last year',
    icon: <Inventory2OutlinedIcon />,
  },
  {
    title: 'Product Views',
    value: '645K',
    note: '21% more than last month',
    icon: <VisibilityOutlinedIcon />,
  },
  {
    title: 'Orders done',
    value: '86%',
    note: '3 orders pending',
    icon: <CheckCircleOutlinedIcon />,
  },
];

export function BusinessSummary({
  avatarUrl,
  userName,
}: {
  /** The signed-in user's photo, shown when there is one. */
  avatarUrl?: string | null;
  userName?: string | null;
}) {
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
      <Grid container spacing={{ xs: 2.5, md: 3 }}>
        {STATS.map((stat) => (
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
                {stat.icon}
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {stat.title}
                </Typography>
                <Typography variant="h4" component="p" sx={{ color: 'primary.main', my: 0.5 }}>
                  {stat.value}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {stat.note}
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
                <Typography variant="body2" color="text.secondary">
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
