import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { checkoutSchema, type Cart, type SavedAddress } from '@sprocket/contract';
import { Form, useField } from 'formik';
import { useState, type ReactNode } from 'react';
import type { InferType } from 'yup';
import { LocalShippingOutlinedIcon } from '../../../components/icons/local-shipping-outlined.js';
import { LockOutlinedIcon } from '../../../components/icons/lock-outlined.js';
import { FormTextField, PhoneNumberField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatPrice } from '../../../lib/money.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePlaceCheckout } from '../api/place-checkout.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

/** The delivery part of the checkout's rules; the lines are the cart's. */
const deliverySchema = checkoutSchema.pick(['address', 'number', 'saveAddress']);

/** Its fields as the form holds them: the save-address box is ticked or not, never missing. */
type DeliveryValues = Required<InferType<typeof deliverySchema>>;

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1 }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function SaveAddressBox({ label }: { label: string }) {
  const [field] = useField<boolean>({ name: 'saveAddress', type: 'checkbox' });
  return <FormControlLabel control={<Checkbox {...field} />} label={label} />;
}

/**
 * The checkout before payment: where to deliver (from the address book, with an offer to keep a
 * new address there), the lines with their totals (the cart's, passed in by the screen so they
 * can be changed here), the order total, and "Place order and pay". A refusal names the lines
 * that cannot be had and hands their messages to the screen to show beside them.
 */
export function CheckoutForm({
  cart,
  savedAddress,
  lines,
  editCartLink,
  onPlaced,
  onRefused,
}: {
  cart: Cart;
  savedAddress: SavedAddress | null;
  /** The cart's lines, with their quantities to change and Remove. */
  lines: ReactNode;
  /** Back to the cart page. */
  editCartLink: ReactNode;
  onPlaced: (orderId: string) => void;
  /** A refused checkout's messages by part id. */
  onRefused: (problems: Record<string, string>) => void;
}) {
  const place = usePlaceCheckout();
  const [refusal, setRefusal] = useState<string | null>(null);
  const initialValues: DeliveryValues = {
    address: savedAddress?.address ?? '',
    number: savedAddress?.number ?? '',
    saveAddress: !savedAddress,
  };

  return (
    <SchemaFormik<DeliveryValues>
      schema={deliverySchema}
      initialValues={initialValues}
      onSubmit={async (values) => {
        setRefusal(null);
        const delivery = deliverySchema.cast(values);
        try {
          const { insertedId } = await place.mutateAsync({
            items: cart.lines.map(({ partId, quantity }) => ({ partId, quantity })),
            address: delivery.address,
            number: delivery.number,
            saveAddress: values.saveAddress,
            // What the shopper sees: if the parts cost something else now, the API says so
            // instead of charging it, and the cart, read again, shows the new prices.
            expectedTotal: cart.subtotal,
          });
          onPlaced(insertedId);
        } catch (error) {
          setRefusal(errorMessage(error));
          if (error instanceof ApiError && error.fields) onRefused(error.fields);
        }
      }}
    >
      {(formik) => {
        const changedFromSaved =
          savedAddress !== null &&
          (formik.values.address.trim() !== savedAddress.address ||
            formik.values.number.trim() !== savedAddress.number);
        return (
          <Form noValidate aria-label="Checkout">
            <Grid container spacing={{ xs: 2.5, md: 3 }}>
              <Grid size={{ xs: 12, md: 7 }}>
                <Stack spacing={{ xs: 2.5, md: 3 }}>
                  <Section title="Delivery">
                    <Stack spacing={2.5}>
                      {savedAddress && (
                        <Typography variant="body2" color="text.secondary">
                          From your address book ({savedAddress.name}).
                        </Typography>
                      )}
                      <FormTextField
                        name="address"
                        label="Address"
                        autoComplete="street-address"
                        required
                        multiline
                        minRows={2}
                      />
                      <PhoneNumberField />
                      {(!savedAddress || changedFromSaved) && (
                        <SaveAddressBox
                          label={
                            savedAddress
                              ? 'Replace the address in my address book with this one'
                              : 'Save this address for next time'
                          }
                        />
                      )}
                    </Stack>
                  </Section>
                  <Section title="Items" action={editCartLink}>
                    {lines}
                  </Section>
                </Stack>
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <Section title="Payment">
                  <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography color="text.secondary">
                      {cart.itemCount === 1 ? '1 item' : `${cart.itemCount} items`}
                    </Typography>
                    <Typography color="text.secondary">{formatPrice(cart.subtotal)}</Typography>
                  </Stack>
                  <Divider sx={{ my: 1.5 }} />
                  <Stack
                    direction="row"
                    sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                  >
                    <Typography sx={{ fontWeight: 700 }}>Order total</Typography>
                    <Typography variant="h5" component="p" data-testid="checkout-total">
                      {formatPrice(cart.subtotal)}
                    </Typography>
                  </Stack>
                  {refusal && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                      {refusal}
                    </Alert>
                  )}
                  <SubmitButton
                    fullWidth
                    startIcon={<LockOutlinedIcon />}
                    disabled={!formik.isValid || !cart.canCheckout}
                    loading={formik.isSubmitting}
                    sx={{ mt: 2.5 }}
                  >
                    Place order and pay
                  </SubmitButton>
                  <Stack direction="row" spacing={1} sx={{ mt: 2, color: 'text.secondary' }}>
                    <LocalShippingOutlinedIcon fontSize="small" />
                    <Typography variant="body2">
                      Placing the order reserves the parts for you while you pay by card on this
                      page.
                    </Typography>
                  </Stack>
                </Section>
              </Grid>
            </Grid>
          </Form>
        );
      }}
    </SchemaFormik>
  );
}
