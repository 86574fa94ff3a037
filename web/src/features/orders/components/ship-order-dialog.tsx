import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shipOrderSchema, type Order, type ShipOrderInput } from '@sprocket/contract';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { FormDialog, FormDialogActions } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useShipOrder } from '../api/ship-order.js';
import { initialErrorsOf } from '../../../lib/initial-errors.js';

const FORM_ID = 'ship-order-form';
const initialValues: ShipOrderInput = { carrier: '', trackingNumber: '' };

/** An admin ships an order in processing: the carrier and the parcel's tracking number. */
export function ShipOrderDialog({
  order,
  onClose,
}: {
  order: Pick<Order, '_id' | 'partName' | 'email' | 'address'>;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const ship = useShipOrder();
  return (
    <FormDialog title={`Ship ${order.partName}`} busy={ship.isPending} onClose={onClose}>
      <Formik<ShipOrderInput>
        initialValues={initialValues}
        validationSchema={shipOrderSchema}
        initialErrors={initialErrorsOf(shipOrderSchema, initialValues)}
        validateOnMount
        onSubmit={async (values) => {
          try {
            await ship.mutateAsync({
              id: order._id,
              ...shipOrderSchema.cast(values),
            });
          } catch {
            return; // the mutation cache shows the API's message
          }
          enqueueSnackbar(`Shipped ${order.partName} Order`, { variant: 'success' });
          onClose();
        }}
      >
        <>
          <DialogContent dividers>
            <Stack component={Form} id={FORM_ID} noValidate aria-label="Shipment" spacing={2.5}>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                To {order.email}, {order.address}. The customer is emailed the carrier and the
                tracking number.
              </Typography>
              <FormTextField name="carrier" label="Carrier" required autoFocus />
              <FormTextField name="trackingNumber" label="Tracking number" required />
            </Stack>
          </DialogContent>
          <FormDialogActions formId={FORM_ID} submitLabel="Ship" onCancel={onClose} />
        </>
      </Formik>
    </FormDialog>
  );
}
