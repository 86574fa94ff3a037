/**
 * What the checkout page's payment is made of whatever the gateway (checkout-payment.tsx, and
 * stripe-checkout-payment.tsx, loaded only in a Stripe shop).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavedCard } from '@sprocket/contract';
import type { ReactNode } from 'react';
import type { CheckoutPayment, OrderToPay, PaymentOutcome } from '../../../lib/checkout-payment.js';

/** How a confirmation at the gateway ended. */
export type CardAttempt = { transactionId: string } | { message: string };

/** Pays a placed order: its intent, the gateway's confirmation with `confirm`, then the report. */
export type PayOrder = (
  order: OrderToPay,
  confirm: (clientSecret: string) => Promise<CardAttempt>,
) => Promise<PaymentOutcome>;

/** What every gateway's checkout payment gets from the page. */
export interface GatewayPaymentProps {
  billing: { name: string; email: string };
  /** The account's: its saved cards are offered and a new one can be saved. False for a guest. */
  savesCards: boolean;
  savedCards: SavedCard[];
  payOrder: PayOrder;
  children: (payment: CheckoutPayment) => ReactNode;
}

/** The wallets' block above the address: its heading, the wallets, and the way on by card. */
export function ExpressCheckout({ children }: { children: ReactNode }) {
  return (
    <Stack component="section" aria-label="Express checkout" spacing={1.5}>
      <Typography variant="h6" component="h2">
        Express checkout
      </Typography>
      {children}
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        Or fill in the address and pay by card below.
      </Typography>
    </Stack>
  );
}
