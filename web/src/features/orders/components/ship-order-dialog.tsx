import Typography from '@mui/material/Typography';
import {
  carrierNamed,
  KNOWN_CARRIERS,
  knownCarrier,
  shipOrderSchema,
  type ShipOrderInput,
  type TrackingCarrier,
} from '@sprocket/contract';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useTrackingCarriers } from '../../../lib/tracking-carriers-query.js';
import { useShipOrder } from '../api/ship-order.js';
import { CarrierField } from './carrier-field.js';
import type { OrderStepDialogProps } from './order-action-button.js';

const initialValues: ShipOrderInput = { carrier: '', trackingNumber: '' };

/** What the tracking number field says under it for the carrier typed (decision 090). */
function trackingHint(carrier: string, shopCarriers: readonly TrackingCarrier[]): string {
  if (!carrier.trim()) return 'Letters, digits, spaces and dashes';
  const known = knownCarrier(carrier);
  if (known) return `${known.formatWords}; the customer gets a Track parcel link`;
  const shops = carrierNamed(carrier, shopCarriers);
  if (shops) return 'The customer gets a Track parcel link to your tracking address for it';
  return 'No tracking address for this carrier: the customer gets the number alone (add one under Shipping and Tax)';
}

/**
 * An admin ships a paid order (one step) or one in processing: the carrier, picked or typed, and
 * the parcel's tracking number, checked against the carrier's format where it is known.
 */
export function ShipOrderDialog({
  order,
  onClose,
}: OrderStepDialogProps<'partName' | 'email' | 'address'>) {
  const ship = useShipOrder();
  // The shop's own carriers; the common ones are offered while they load (or if they fail).
  const shopCarriers = useTrackingCarriers().data?.carriers ?? [];
  const carrierNames = [...KNOWN_CARRIERS, ...shopCarriers].map((carrier) => carrier.name);
  return (
    <FormDialog<ShipOrderInput>
      title={`Ship ${order.partName}`}
      formLabel="Shipment"
      submitLabel="Ship"
      save={(values) => ship.mutateAsync({ id: order._id, ...shipOrderSchema.cast(values) })}
      savedMessage={`Shipped ${order.partName} Order`}
      schema={shipOrderSchema}
      initialValues={initialValues}
      onClose={onClose}
    >
      {({ values }) => (
        <>
          <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            To {order.email}, {order.address}. The customer is emailed the carrier and the tracking
            number.
          </Typography>
          <CarrierField options={carrierNames} />
          <FormTextField
            name="trackingNumber"
            label="Tracking number"
            required
            helperText={trackingHint(values.carrier, shopCarriers)}
          />
        </>
      )}
    </FormDialog>
  );
}
