import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  returnStatusLabel,
  statusLabel,
  type OrderActor,
  type TimelineEntry,
} from '@sprocket/contract';
import { useLayoutBrand } from '../../../lib/brand-query.js';
import { formatDateTime } from '../../../lib/format-time.js';

/**
 * Who made a change, in the reader's terms: the customer reads "You" for themselves, and the
 * shop's name for its admins (docs/decisions/104).
 */
const actorName = (actor: OrderActor, viewer: 'customer' | 'admin', shop: string): string => {
  switch (actor) {
    case 'customer':
      return viewer === 'customer' ? 'You' : 'Customer';
    case 'admin':
      return viewer === 'admin' ? 'Admin' : shop;
    case 'system':
      return `${shop} (automatic)`;
    case 'gateway':
      return 'Payment provider';
  }
};

/** Every change of the order's state, oldest first: status, time and who made it. */
export function OrderTimeline({
  entries,
  viewer,
}: {
  entries: TimelineEntry[];
  viewer: 'customer' | 'admin';
}) {
  const shop = useLayoutBrand()?.name ?? 'The shop';
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry, index) => {
        const last = index === entries.length - 1;
        return (
          <Box
            component="li"
            key={`${entry.returnStep ?? entry.status}-${entry.at}`}
            data-testid="timeline-entry"
            sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Box
                aria-hidden="true"
                sx={{
                  width: 12,
                  height: 12,
                  mt: 0.75,
                  borderRadius: '50%',
                  bgcolor: last ? 'secondary.main' : 'primary.main',
                  boxShadow: last ? '0 0 0 4px rgba(232, 119, 46, 0.2)' : 'none',
                }}
              />
              {!last && <Box aria-hidden="true" sx={{ flex: 1, width: 2, bgcolor: 'divider' }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2.5 }}>
              <Typography sx={{ fontWeight: 700 }}>
                {entry.returnStep ? returnStatusLabel[entry.returnStep] : statusLabel[entry.status]}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                <Box component="time" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </Box>{' '}
                · {actorName(entry.actor, viewer, shop)}
              </Typography>
              {entry.note && (
                <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
                  {entry.note}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
