import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  awaitsPayment,
  cheapestShipping,
  checkoutDeliverySchemaFor,
  deliveryOf,
  deliveryRequestOf,
  discountCodeField,
  orderNumber,
  shippingMethodsFor,
  type Cart,
  type CheckoutQuote,
  type GuestContactInput,
  type CheckoutQuoteInput,
  type Order,
  type SavedAddress,
} from '@sprocket/contract';
import { Form, useField, useFormikContext, type FormikTouched } from 'formik';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ValidationError } from 'yup';
import { AmountRows } from '../../../components/data/amount-rows.js';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { LocalShippingOutlinedIcon } from '../../../components/icons/local-shipping-outlined.js';
import { LockOutlinedIcon } from '../../../components/icons/lock-outlined.js';
import { FormTextField, PhoneNumberField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatPrice } from '../../../lib/money.js';
import { errorMessage } from '../../../lib/query-client.js';
import { browserCountry } from '../../../lib/browser-country.js';
import { CountryField, countryNames } from '../../../components/form/country-field.js';
import type {
  CheckoutPayment,
  OrderToPay,
  PaymentOutcome,
  WalletTap,
} from '../../../lib/checkout-payment.js';
import { formatDeadline } from '../../../lib/format-time.js';
import { useNow } from '../../../lib/use-now.js';
import { useShippingMethods } from '../../../lib/shipping-methods-query.js';
import { quoteCheckout, useCheckoutQuote } from '../api/get-checkout-quote.js';
import { useLeaveCheckedOutLines, usePlaceCheckout } from '../api/place-checkout.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

/** Its fields as the form holds them: every one there, '' for none chosen. */
interface DeliveryValues {
  address: string;
  number: string;
  saveAddress: boolean;
  country: string;
  region: string;
  shippingMethodId: string;
}

/** Why a typed code cannot be a code at all, by the contract's rule, or null. */
function codeProblem(code: string): string | null {
  try {
    discountCodeField().validateSync(code);
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : 'Not a discount code';
  }
}

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
    // Visible overflow: a sticky pay button sticks to the window, not to the card.
    <Card component="section" aria-label={title} sx={{ overflow: 'visible' }}>
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

/**
 * The ways the shop sends to the chosen country, each with what it costs for these goods (from the
 * quote). A choice that does not go there is replaced by the cheapest that does.
 */
function ShippingChoice({ subtotal, quote }: { subtotal: number; quote?: CheckoutQuote }) {
  const methods = useShippingMethods();
  const { values, setFieldValue } = useFormikContext<DeliveryValues>();
  const [field] = useField<string>('shippingMethodId');
  const labelId = useId();
  const available = useMemo(
    () => shippingMethodsFor(methods.data ?? [], values.country || undefined),
    [methods.data, values.country],
  );
  useEffect(() => {
    if (!methods.data) return;
    if (available.some((method) => method.id === values.shippingMethodId)) return;
    void setFieldValue('shippingMethodId', cheapestShipping(available, subtotal)?.id ?? '');
  }, [available, methods.data, setFieldValue, subtotal, values.shippingMethodId]);
  if (!methods.data || methods.data.length === 0) return null;
  if (available.length === 0)
    return (
      <Alert severity="warning">The shop does not send to this country. Choose another.</Alert>
    );
  const priceOf = (id: string, listed: number) =>
    quote?.shippingOptions.find((option) => option.id === id)?.price ?? listed;
  return (
    <Stack spacing={1}>
      <Typography id={labelId} sx={{ fontWeight: 600 }}>
        Shipping method
      </Typography>
      <RadioGroup {...field} aria-labelledby={labelId}>
        {available.map((method) => {
          const price = priceOf(method.id, method.price);
          return (
            <FormControlLabel
              key={method.id}
              value={method.id}
              control={<Radio sx={{ p: '10px' }} />}
              label={`${method.name}: ${price === 0 ? 'Free' : formatPrice(price)}`}
            />
          );
        })}
      </RadioGroup>
    </Stack>
  );
}

/**
 * The code field: checked by the contract's rule, then asked of the server with this checkout's
 * body; its plain-word refusal shows under the field, an accepted code is applied to the quote.
 */
function DiscountCodeField({
  body,
  applied,
  onApplied,
  problem,
}: {
  body: CheckoutQuoteInput;
  applied: string | null;
  onApplied: (code: string | null) => void;
  /** Why the applied code no longer applies (a refused quote), if so. */
  problem: string | null;
}) {
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const apply = async () => {
    const invalid = codeProblem(typed);
    if (invalid) {
      setRefusal(invalid);
      return;
    }
    setChecking(true);
    try {
      const quote = await quoteCheckout({ ...body, discountCode: typed.trim() });
      setRefusal(null);
      setTyped('');
      onApplied(quote.discountCode ?? null);
    } catch (error) {
      setRefusal(
        error instanceof ApiError && error.fields?.discountCode
          ? error.fields.discountCode
          : errorMessage(error),
      );
    } finally {
      setChecking(false);
    }
  };
  if (applied)
    return (
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography sx={{ color: problem ? 'error.main' : 'success.dark' }} role="status">
          {problem ?? `Code ${applied} applied`}
        </Typography>
        <Button onClick={() => onApplied(null)} sx={{ minHeight: 44 }}>
          Remove code
        </Button>
      </Stack>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Discount code"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setRefusal(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={Boolean(refusal)}
        helperText={refusal}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { autoCapitalize: 'characters', sx: { minHeight: 27 } } }}
      />
      <Button
        variant="outlined"
        onClick={() => void apply()}
        disabled={typed.trim() === '' || checking}
        sx={{ minHeight: 44, flexShrink: 0 }}
      >
        Apply
      </Button>
    </Stack>
  );
}

function SaveAddressBox({ label }: { label: string }) {
  const [field] = useField<boolean>({ name: 'saveAddress', type: 'checkbox' });
  return <FormControlLabel control={<Checkbox {...field} />} label={label} />;
}

/** The delivery fields every order needs, touched at once to show what is missing. */
const DELIVERY_TOUCHED: FormikTouched<DeliveryValues> = {
  address: true,
  number: true,
  country: true,
  region: true,
  shippingMethodId: true,
};

/** Where a placed order goes, as it was placed: it no longer changes on this page. */
function PlacedDelivery({ order }: { order: Order }) {
  const country = order.country && countryNames().of(order.country);
  return (
    <Stack spacing={0.5} sx={{ overflowWrap: 'anywhere' }}>
      <Typography>{order.userName}</Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{order.address}</Typography>
      {(order.region || country) && (
        <Typography>{[order.region, country].filter(Boolean).join(', ')}</Typography>
      )}
      <Typography color="textSecondary">Phone {order.number}</Typography>
      {order.shippingMethod && (
        <Typography color="textSecondary">Shipping: {order.shippingMethod.name}</Typography>
      )}
    </Stack>
  );
}

/** What the checkout is of: the cart's lines, or the order placed from them (only paying is left). */
type CheckoutSource = { cart: Cart; placed?: undefined } | { cart?: undefined; placed: Order };

/** A refused payment's message, shown beside what was tapped: a wallet, or the pay button. */
interface PaymentRefusal {
  message: string;
  by: 'wallet' | 'card';
}

/**
 * The checkout, one page and one step (docs/decisions/087): the wallets above the address; where to
 * deliver (from the address book, with an offer to keep a new address there), the lines with their
 * totals (the cart's, passed in by the screen so they can be changed here), the order total, the
 * card fields and "Place order and pay", which places the order and pays it in one go. A refusal
 * of the order names the lines that cannot be had and hands their messages to the screen; a
 * refused card keeps the placed order and its held parts, and paying again pays that order.
 */
export function CheckoutForm({
  cart,
  placed,
  guest,
  savedAddress,
  lines,
  editCartLink,
  payment,
  onPlaced,
  onPaid,
  onRefused,
}: CheckoutSource & {
  /** A guest's email and name, sent with the order (docs/decisions/066); no address book then. */
  guest?: GuestContactInput;
  savedAddress: SavedAddress | null;
  /** The lines: the cart's, with their quantities to change and Remove, or the placed order's. */
  lines: ReactNode;
  /** Back to the cart page, while the order is not placed. */
  editCartLink: ReactNode;
  /** The payment fields and wallets, from the payments feature. */
  payment: CheckoutPayment;
  /** The order is placed, its parts held: the screen keeps its id in the address. */
  onPlaced: (order: Order) => void;
  /** The order is paid (or cost nothing): on to the confirmation. */
  onPaid: (orderId: string) => void;
  /** A refused checkout's messages by part id. */
  onRefused: (problems: Record<string, string>) => void;
}) {
  const place = usePlaceCheckout();
  const leaveCheckedOutLines = useLeaveCheckedOutLines();
  const methods = useShippingMethods();
  const now = useNow();
  // The delivery part of the checkout's rules (the contract's), for the shop's methods: a country
  // unless the parts are picked up. Without the methods (they failed to load), the API's answer
  // says what is missing.
  const deliverySchema = useMemo(
    () => checkoutDeliverySchemaFor(methods.data ?? []),
    [methods.data],
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paymentRefusal, setPaymentRefusal] = useState<PaymentRefusal | null>(null);
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  // The figures on screen when "Place order and pay" is pressed: their total is the one expected.
  const shownQuote = useRef<CheckoutQuote | undefined>(undefined);
  const [quoteShown, setQuoteShown] = useState<CheckoutQuote | undefined>(undefined);
  const { setAmount } = payment;
  const onQuote = useCallback(
    (quote: CheckoutQuote | undefined) => {
      shownQuote.current = quote;
      setQuoteShown(quote);
      // The wallets' sheets show what is to be paid.
      if (quote && quote.total > 0) setAmount(quote.total);
    },
    [setAmount],
  );
  // The order this page placed, with the intent its answer carried: paying again after a refused
  // card pays it, never a second order.
  const placedHere = useRef<OrderToPay | null>(null);
  const orderToPay: OrderToPay | null = placed
    ? placedHere.current?.orderId === placed._id
      ? placedHere.current
      : { orderId: placed._id, totalPrice: placed.totalPrice }
    : placedHere.current;
  const subtotal = placed ? (placed.subtotal ?? placed.totalPrice) : cart.subtotal;
  const country = placed?.country ?? savedAddress?.country ?? browserCountry();
  const initialValues: DeliveryValues = {
    address: savedAddress?.address ?? '',
    number: savedAddress?.number ?? '',
    saveAddress: !savedAddress,
    country,
    region: savedAddress?.region ?? '',
    // The cheapest way there, as ShippingChoice would choose: the form opens valid with it.
    shippingMethodId:
      cheapestShipping(shippingMethodsFor(methods.data ?? [], country || undefined), subtotal)
        ?.id ?? '',
  };
  // A variant's line names its sku (docs/decisions/064).
  const items = (cart?.lines ?? []).map(({ partId, quantity, sku }) => ({
    partId,
    quantity,
    ...(sku && { sku }),
  }));
  const placedTotal = placed?.totalPrice;
  useEffect(() => {
    if (placedTotal !== undefined) setAmount(placedTotal);
  }, [placedTotal, setAmount]);

  /** Places the order; null when it was refused (said on the page) or cost nothing (paid). */
  const placeOrder = async (values: DeliveryValues): Promise<OrderToPay | null> => {
    setRefusal(null);
    const delivery = deliverySchema.cast(values);
    try {
      const result = await place.mutateAsync({
        items,
        address: delivery.address,
        number: delivery.number,
        saveAddress: guest ? undefined : values.saveAddress,
        ...guest,
        ...pricingOf(values, appliedCode),
        // What the shopper sees: if the order costs something else now, the API says so
        // instead of charging it, and the cart, read again, shows the new prices.
        expectedTotal: shownQuote.current?.total ?? subtotal,
      });
      placedHere.current = {
        orderId: result.insertedId,
        totalPrice: result.order.totalPrice,
        intent: result.payment,
      };
      onPlaced(result.order);
      void leaveCheckedOutLines(items);
      // An order of 0.00 is paid as it is placed (docs/decisions/078).
      if (!awaitsPayment(result.order)) {
        onPaid(result.insertedId);
        return null;
      }
      return placedHere.current;
    } catch (error) {
      setRefusal(errorMessage(error));
      if (error instanceof ApiError && error.fields) onRefused(error.fields);
      return null;
    }
  };

  const payFor = async (
    order: OrderToPay,
    pay: (order: OrderToPay) => Promise<PaymentOutcome>,
    by: PaymentRefusal['by'],
  ) => {
    const outcome = await pay(order);
    if (outcome.status === 'paid') onPaid(order.orderId);
    else setPaymentRefusal({ message: outcome.message, by });
  };

  // The form's rules hang on the methods: it opens once they are known, never to change under it.
  if (methods.isPending) return <FullScreenSpinner label="Loading the shipping methods" />;
  return (
    <SchemaFormik<DeliveryValues>
      schema={deliverySchema}
      initialValues={initialValues}
      onSubmit={async (values) => {
        setPaymentRefusal(null);
        // Nothing to take for an order of 0.00; otherwise the card is checked before the order
        // is placed, so a card left incomplete holds no parts.
        const free = !orderToPay && shownQuote.current?.total === 0;
        const problem = free ? null : await payment.check();
        if (problem) {
          setPaymentRefusal({ message: problem, by: 'card' });
          return;
        }
        const order = orderToPay ?? (await placeOrder(values));
        if (order) await payFor(order, payment.pay, 'card');
      }}
    >
      {(formik) => {
        const body: CheckoutQuoteInput = { items, ...pricingOf(formik.values, appliedCode) };
        const changedFromSaved =
          savedAddress !== null &&
          (formik.values.address.trim() !== savedAddress.address ||
            formik.values.number.trim() !== savedAddress.number ||
            formik.values.country !== (savedAddress.country ?? formik.initialValues.country) ||
            formik.values.region.trim().toUpperCase() !== (savedAddress.region ?? ''));
        const walletTap: WalletTap = {
          ready: async () => {
            if (orderToPay) return true;
            const errors = await formik.validateForm();
            if (Object.keys(errors).length > 0) {
              void formik.setTouched(DELIVERY_TOUCHED, false);
              return false;
            }
            return Boolean(cart?.canCheckout && shownQuote.current);
          },
          placeAndPay: async (pay) => {
            setPaymentRefusal(null);
            const order = orderToPay ?? (await placeOrder(formik.values));
            if (order) await payFor(order, pay, 'wallet');
          },
        };
        const refusedHere = (by: PaymentRefusal['by']) =>
          paymentRefusal?.by === by && (
            <Typography role="alert" color="error" sx={{ fontWeight: 600, mt: 2 }}>
              {paymentRefusal.message}
            </Typography>
          );
        return (
          <Form noValidate aria-label="Checkout">
            {/* A field scrolled to (focus, Tab) stops above the sticky pay button, not under it. */}
            <GlobalStyles styles={{ html: { scrollPaddingBottom: 112 } }} />
            <Grid container spacing={{ xs: 2.5, md: 3 }}>
              {placed && (
                <Grid size={12}>
                  <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
                    Order <strong data-testid="order-number">{orderNumber(placed._id)}</strong> is
                    placed
                    {placed.expiresAt &&
                      ` and its parts are held for you until ${formatDeadline(placed.expiresAt, now)}`}
                    . Pay below to complete it.
                  </Alert>
                </Grid>
              )}
              <Grid size={12}>
                {payment.wallets(walletTap)}
                {refusedHere('wallet')}
              </Grid>
              <Grid size={{ xs: 12, md: 7 }}>
                <Stack spacing={{ xs: 2.5, md: 3 }}>
                  <Section title="Delivery">
                    {placed ? (
                      <PlacedDelivery order={placed} />
                    ) : (
                      <Stack spacing={2.5}>
                        {savedAddress && (
                          <Typography variant="body2" color="textSecondary">
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
                        <CountryField autoComplete="country" />
                        <FormTextField
                          name="region"
                          label="State or region"
                          helperText="For the tax of some places, such as a US state (CA)"
                          autoComplete="address-level1"
                        />
                        <PhoneNumberField />
                        {!guest && (!savedAddress || changedFromSaved) && (
                          <SaveAddressBox
                            label={
                              savedAddress
                                ? 'Replace the address in my address book with this one'
                                : 'Save this address for next time'
                            }
                          />
                        )}
                      </Stack>
                    )}
                  </Section>
                  {!placed && <ShippingSection subtotal={subtotal} body={body} />}
                  <Section title="Items" action={placed ? undefined : editCartLink}>
                    {lines}
                  </Section>
                </Stack>
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <Section title="Payment">
                  {placed ? (
                    <PlacedAmounts order={placed}>{payment.fields}</PlacedAmounts>
                  ) : (
                    <PaymentSummary
                      cart={cart}
                      body={body}
                      appliedCode={appliedCode}
                      onCodeApplied={setAppliedCode}
                      onQuote={onQuote}
                      fields={payment.fields}
                    />
                  )}
                  {/* Kept on screen while the payment is (a phone's "once the fields are
                      filled"), with what refused the last attempt right above it. */}
                  <Box
                    sx={{
                      position: 'sticky',
                      bottom: 0,
                      zIndex: 1,
                      bgcolor: 'background.paper',
                      mx: { xs: -2.5, md: -3 },
                      px: { xs: 2.5, md: 3 },
                      pt: 1,
                      pb: 1.5,
                    }}
                  >
                    {refusal && (
                      <Alert severity="error" sx={{ mt: 2 }}>
                        {refusal}
                      </Alert>
                    )}
                    {refusedHere('card')}
                    <SubmitButton
                      fullWidth
                      startIcon={<LockOutlinedIcon />}
                      disabled={!placed && (!formik.isValid || !cart.canCheckout || !quoteShown)}
                      loading={formik.isSubmitting}
                      sx={{ mt: 1.5 }}
                    >
                      {placed ? `Pay ${formatPrice(placed.totalPrice)}` : 'Place order and pay'}
                    </SubmitButton>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ mt: 2, color: 'text.secondary' }}>
                    <LocalShippingOutlinedIcon fontSize="small" />
                    <Typography variant="body2">
                      {placed
                        ? 'Your parts stay reserved while you pay; a refused card changes nothing.'
                        : 'Placing the order reserves the parts for you; a refused card keeps them reserved while you try again.'}
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

/** A placed order's amounts as it was placed, then the payment fields. */
function PlacedAmounts({ order, children }: { order: Order; children: ReactNode }) {
  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 0.5 }}>
        {order.orderQuantity === 1 ? '1 item' : `${order.orderQuantity} items`}
      </Typography>
      <AmountRows amounts={order} totalTestId="checkout-total" totalLabel="Order total" />
      <Box sx={{ mt: 2.5 }}>{children}</Box>
    </>
  );
}

/** The checkout body's pricing fields from the form: '' is left out (none chosen). */
function pricingOf(values: DeliveryValues, discountCode: string | null) {
  return {
    ...(values.country && { country: values.country }),
    ...(values.region.trim() && { region: values.region.trim() }),
    ...(values.shippingMethodId && { shippingMethodId: values.shippingMethodId }),
    ...(discountCode && { discountCode }),
  };
}

/** "Shipping": the methods for the chosen country, when the shop has any. */
function ShippingSection({ subtotal, body }: { subtotal: number; body: CheckoutQuoteInput }) {
  const methods = useShippingMethods();
  // The options' prices for these goods; the same query as the summary's, so no second request.
  const quote = useCheckoutQuote(body, false);
  if (!methods.data || methods.data.length === 0) return null;
  return (
    <Section title="Shipping">
      <ShippingChoice subtotal={subtotal} quote={quote.data} />
    </Section>
  );
}

/**
 * The order's amounts as the server prices them (POST /checkout/quote): subtotal, code, shipping,
 * tax and total, the code field, then the payment fields. `onQuote` hears the figures on screen
 * while they are the current ones (so the order is placed only at a total that was shown).
 */
function PaymentSummary({
  cart,
  body,
  appliedCode,
  onCodeApplied,
  onQuote,
  fields,
}: {
  cart: Cart;
  body: CheckoutQuoteInput;
  appliedCode: string | null;
  onCodeApplied: (code: string | null) => void;
  onQuote: (quote: CheckoutQuote | undefined) => void;
  /** The payment fields, under the amounts and the code. */
  fields: ReactNode;
}) {
  const methods = useShippingMethods();
  const { values } = useFormikContext<DeliveryValues>();
  // Asked once the parts can go where the form says, by the rule the API applies (deliveryOf):
  // ShippingChoice settles the method. Without the methods, the API's answer says what is wrong.
  const deliverable =
    methods.isError ||
    (methods.isSuccess && !deliveryOf(methods.data, deliveryRequestOf(values)).refusal);
  const quote = useCheckoutQuote(body, deliverable);
  const ready = quote.isSuccess && !quote.isPlaceholderData;
  useEffect(() => onQuote(ready ? quote.data : undefined), [onQuote, quote.data, ready]);
  const codeProblemNow =
    quote.error instanceof ApiError ? (quote.error.fields?.discountCode ?? null) : null;
  const amounts = quote.data ?? {
    subtotal: cart.subtotal,
    discount: 0,
    shipping: 0,
    tax: 0,
    total: cart.subtotal,
  };
  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 0.5 }}>
        {cart.itemCount === 1 ? '1 item' : `${cart.itemCount} items`}
      </Typography>
      <AmountRows amounts={amounts} totalTestId="checkout-total" totalLabel="Order total" />
      <DiscountCodeField
        body={{ ...body, discountCode: undefined }}
        applied={appliedCode}
        onApplied={onCodeApplied}
        problem={codeProblemNow}
      />
      {quote.isError && !codeProblemNow && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(quote.error)}
        </Alert>
      )}
      <Box sx={{ mt: 2.5 }}>{fields}</Box>
    </>
  );
}
