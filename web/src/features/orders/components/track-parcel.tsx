import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { trackingLinkOf, type Shipment } from '@sprocket/contract';
import { LocalShippingOutlinedIcon } from '../../../components/icons/local-shipping-outlined.js';
import { visuallyHidden } from '../../../lib/visually-hidden.js';

/**
 * "Track parcel" (issue 37 item 1): the carrier's page of the parcel, in a new tab, where the
 * shop knows the carrier's tracking address (contract `trackingLinkOf`, decision 090); nothing
 * where it does not. Its name for screen readers says which parcel, as a page may list several.
 */
export function TrackParcelLink({ shipment }: { shipment: Shipment }) {
  const url = trackingLinkOf(shipment);
  if (!url) return null;
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="track-parcel"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: { xs: 44, sm: 'auto' },
        fontWeight: 600,
      }}
    >
      <LocalShippingOutlinedIcon fontSize="small" aria-hidden />
      Track parcel
      <Box component="span" sx={visuallyHidden}>
        {` ${shipment.trackingNumber} with ${shipment.carrier} (opens in a new tab)`}
      </Box>
    </Link>
  );
}

/** A shipment in one line: the carrier, the tracking number, and "Track parcel" where it can. */
export function ShipmentLine({ shipment }: { shipment: Shipment }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
    >
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {shipment.carrier} · {shipment.trackingNumber}
      </Box>
      <TrackParcelLink shipment={shipment} />
    </Box>
  );
}
