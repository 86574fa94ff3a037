import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  checkOrderQuantity,
  purchaseSchema,
  type Part,
  type PurchaseFormValues,
  type SavedAddress,
} from '@sprocket/contract';
import { type FormikErrors, type FormikTouched } from 'formik';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type FormEvent } from 'react';
import { AddShoppingCartIcon } from '../../../components/icons/add-shopping-cart.js';
import { FormTextField, PhoneNumberField } from '../../../components/form/form-text-field.js';
import { usePlaceOrder } from '../api/place-order.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

const ALL_TOUCHED: FormikTouched<PurchaseFormValues> = {
  partName: true,
  userName: true,
  email: true,
  address: true,
  number: true,
  orderQuantity: true,
};

const readOnly = { htmlInput: { readOnly: true } } as const;

/** Who the order goes to, as typed on the form: the address book keeps it for next time. */
export interface PurchaseDelivery {
  name: string;
  address: string;
  number: string;
}

/**
 * The purchase form (docs/product.md §2.5, §5.1): validated on every change against the part's
 * minimum order and stock; "Add to Cart" stays disabled until every rule holds. It places a
 * one-line order at once; `onPlaced` then takes the customer on to pay for it, at the checkout.
 */
export function PurchaseForm({
  part,
  sku,
  quantity,
  buyer,
  savedAddress = null,
  onPlaced,
}: {
  part: Pick<Part, '_id' | 'productName' | 'order' | 'quantity'>;
  /** The variant ordered, for a part sold in variants (`part` then carries its stock). */
  sku?: string;
  /** How many the customer chose before (Buy Now); the minimum order when it cannot be had. */
  quantity?: number;
  buyer: { displayName: string | null; email: string | null };
  /** The address book's entry: a returning customer finds the form filled and valid. */
  savedAddress?: SavedAddress | null;
  onPlaced: (orderId: string, delivery: PurchaseDelivery) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const placeOrder = usePlaceOrder();
  const schema = useMemo(
    () => purchaseSchema({ min: part.order, max: part.quantity }),
    [part.order, part.quantity],
  );
  // The quantity chosen, if the stock at the start allows it.
  const [startQuantity] = useState(() =>
    quantity !== undefined && !checkOrderQuantity(part, quantity) ? quantity : part.order,
  );
  // Only what the form starts from: a stock refresh must not wipe what the buyer is typing.
  const initialValues = useMemo<PurchaseFormValues>(
    () => ({
      partName: part.productName,
      userName: buyer.displayName || savedAddress?.name || '',
      email: buyer.email ?? '',
      address: savedAddress?.address ?? '',
      number: savedAddress?.number ?? '',
      orderQuantity: startQuantity,
    }),
    [part.productName, startQuantity, buyer.displayName, buyer.email, savedAddress],
  );
  // Even the minimum order is more than the stock holds.
  const outOfStock = checkOrderQuantity(part, part.order)?.kind === 'over_stock';

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
          Place your order
        </Typography>
        {outOfStock && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            Not enough stock for the minimum order right now. Please check back soon.
          </Alert>
        )}
        <SchemaFormik<PurchaseFormValues>
          schema={schema}
          initialValues={initialValues}
          enableReinitialize
          onSubmit={async (values, { resetForm }) => {
            const input = schema.cast(values);
            let orderId: string;
            try {
              const result = await placeOrder.mutateAsync({
                ...input,
                partId: part._id,
                ...(sku && { sku }),
              });
              // docs/product.md §8.1: an answer without acknowledgement is left silent.
              if (!result.acknowledged) return;
              orderId = result.insertedId;
            } catch {
              return; // the API's message is shown as a toast by the mutation cache
            }
            enqueueSnackbar('Added to cart, Successfully', { variant: 'success' });
            resetForm();
            onPlaced(orderId, {
              name: input.userName,
              address: input.address,
              number: input.number,
            });
          }}
        >
          {(formik) => {
            // Submitting (Enter included) with missing or invalid data: docs/product.md §2.5.
            const submit = async (event: FormEvent) => {
              event.preventDefault();
              const errors: FormikErrors<PurchaseFormValues> = await formik.validateForm();
              if (Object.keys(errors).length > 0) {
                void formik.setTouched(ALL_TOUCHED, false);
                enqueueSnackbar('Added to cart, Failed', { variant: 'error' });
                return;
              }
              await formik.submitForm();
            };
            return (
              <Stack
                component="form"
                noValidate
                onSubmit={submit}
                spacing={2.5}
                aria-label="Order form"
              >
                <FormTextField name="partName" label="Product Name" slotProps={readOnly} />
                <FormTextField name="userName" label="Full Name" autoComplete="name" required />
                <FormTextField name="email" label="Email" type="email" slotProps={readOnly} />
                <FormTextField
                  name="address"
                  label="Address"
                  autoComplete="street-address"
                  required
                />
                <PhoneNumberField />
                <FormTextField
                  name="orderQuantity"
                  label="Order Quantity"
                  type="number"
                  required
                  slotProps={{ htmlInput: { min: part.order, max: part.quantity, step: 1 } }}
                  formatError={(message) => `${message} Invalid Input`}
                  helperText={`Between ${part.order} and ${part.quantity}`}
                />
                <SubmitButton
                  startIcon={<AddShoppingCartIcon />}
                  // Valid as filled from the address book: one tap places the order.
                  disabled={!formik.isValid || outOfStock}
                  loading={formik.isSubmitting}
                >
                  Add to Cart
                </SubmitButton>
                <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
                  Places the order for this part now and takes you on to pay for it. The address is
                  kept for your next order.
                </Typography>
              </Stack>
            );
          }}
        </SchemaFormik>
      </CardContent>
    </Card>
  );
}
