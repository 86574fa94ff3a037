import Typography from '@mui/material/Typography';
import { shipOrderSchema, type ShipOrderInput } from '@sprocket/contract';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useShipOrder } from '../api/ship-order.js';
import { CarrierField } from './carrier-field.js';
import type { OrderStepDialogProps } from './order-action-button.js';

const initialValues: ShipOrderInput = { carrier: '', trackingNumber: '' };

/**
 * An admin ships a paid order (one step) or one in processing: the carrier, picked or typed, and
 * the parcel's tracking number.
 */
export function ShipOrderDialog({
  order,
  onClose,
}: OrderStepDialogProps<'partName' | 'email' | 'address'>) {
  const ship = useShipOrder();
  return (
    <FormDialog
      title={`Ship ${order.partName}`}
      formLabel="Shipment"
      submitLabel="Ship"
      save={(values) => ship.mutateAsync({ id: order._id, ...shipOrderSchema.cast(values) })}
      savedMessage={`Shipped ${order.partName} Order`}
      schema={shipOrderSchema}
      initialValues={initialValues}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        To {order.email}, {order.address}. The customer is emailed the carrier and the tracking
        number.
      </Typography>
      <CarrierField />
      <FormTextField name="trackingNumber" label="Tracking number" required />
    </FormDialog>
  );
}
