/**
 * The simulated gateway's element (docs/decisions/068), in parts that both the payment page and the
 * checkout page use: the test-payments notice, the card fields with "Pay with", and the card's
 * confirmation, 3-D Secure step included. It behaves like Stripe's test mode and says plainly that
 * nothing real is charged; the gateway checks the card and answers with Stripe's own messages.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  SavedCard,
  SimulatedConfirmRequest,
  SimulatedConfirmResult,
} from '@sprocket/contract';
import { useState, type ReactNode } from 'react';
import { ScienceOutlinedIcon } from '../../../components/icons/science-outlined.js';
import { errorMessage } from '../../../lib/query-client.js';
import {
  authenticateSimulatedPayment,
  confirmSimulatedPayment,
} from '../api/confirm-simulated-payment.js';
import { NEW_CARD, SaveCardCheckbox, SavedCardChoice } from './card-form.js';
import type { CardAttempt } from './gateway-payment.js';

/** Stripe's test cards that the simulated gateway knows (issue 5, issue 26). */
const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0027 6000 3184', 'asks you to authenticate (3-D Secure)'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0000 0000 9995', 'has insufficient funds'],
] as const;

/**
 * The choice that stands for the Express Checkout Element's Apple Pay / Google Pay on the payment
 * page: the wallet hands over Stripe's Visa test card.
 */
export const TEST_WALLET = 'test-wallet';
export const TEST_WALLET_LABEL = 'Test wallet (Apple Pay / Google Pay)';

const digits = (value: string) => value.replace(/\D/g, '');
const groupCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (value: string) => {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/** "MM/YY" as the month and the four-digit year, or null while incomplete. */
function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{1,2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: 2000 + Number(match[2]) };
}

export function TestPaymentsNotice() {
  return (
    <Alert severity="info" icon={<ScienceOutlinedIcon />}>
      <AlertTitle sx={{ fontWeight: 700 }}>Test payments — no real card is charged</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {TEST_CARDS.map(([number, outcome]) => (
          <li key={number}>
            <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {number}
            </Box>{' '}
            {outcome}
          </li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Use any future expiry date and any three-digit CVC.
      </Typography>
    </Alert>
  );
}

/**
 * Stripe's 3-D Secure test page, in the simulated element: the cardholder's bank asks them to
 * approve the payment, and the test answer is one of two buttons.
 */
function AuthenticationStep({
  open,
  answering,
  onAnswer,
}: {
  open: boolean;
  answering: boolean;
  onAnswer: (outcome: 'complete' | 'fail') => void;
}) {
  return (
    <Dialog open={open} aria-labelledby="authentication-title" maxWidth="xs" fullWidth>
      <DialogTitle id="authentication-title">Authenticate this payment</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your card&apos;s bank asks you to confirm this payment (3-D Secure). This is a test page:
          no bank is asked.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" disabled={answering} onClick={() => onAnswer('fail')}>
          Fail authentication
        </Button>
        <Button variant="contained" disabled={answering} onClick={() => onAnswer('complete')}>
          Complete authentication
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A confirmation waiting for the cardholder's answer on the authentication step. */
interface PendingAuthentication {
  clientSecret: string;
  settle: (attempt: CardAttempt) => void;
}

/**
 * The simulated element's state: "Pay with" (saved cards, a new card, and on the payment page the
 * test wallet), the new card's fields, "Save this card", and the authentication step. `confirm`
 * pays an intent with what was entered and resolves once the gateway (and, for 3-D Secure, the
 * cardholder) has answered; `problem` is what the element itself refuses before any request.
 */
export function useSimulatedCard({
  billing,
  savesCards,
  savedCards,
  offerWallet,
}: {
  billing: { name: string; email: string };
  savesCards: boolean;
  savedCards: SavedCard[];
  /** The test wallet under "Pay with" (the payment page; the checkout shows it as a button). */
  offerWallet: boolean;
}) {
  // The newest saved card until the shopper chooses (the cards arrive after the first render).
  const [choice, setPayWith] = useState<string | null>(null);
  const payWith = choice ?? savedCards[0]?.id ?? NEW_CARD;
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [saveCard, setSaveCard] = useState(false);
  const [pending, setPending] = useState<PendingAuthentication | null>(null);
  const [answering, setAnswering] = useState(false);
  const payer = { billingName: billing.name, billingEmail: billing.email };

  /** Stripe's element checks that the new card is complete before it asks the gateway. */
  const problem = (): string | null => {
    if (payWith !== NEW_CARD) return null;
    if (digits(cardNumber).length < 15) return 'Your card number is incomplete.';
    if (!parseExpiry(expiry)) return "Your card's expiration date is incomplete.";
    if (cvc.length < 3) return "Your card's security code is incomplete.";
    return null;
  };

  const send = async (
    clientSecret: string,
    request: Omit<SimulatedConfirmRequest, 'clientSecret'>,
  ): Promise<CardAttempt> => {
    let result: SimulatedConfirmResult;
    try {
      result = await confirmSimulatedPayment({ clientSecret, ...request });
    } catch (failure) {
      return { message: errorMessage(failure) };
    }
    if (result.status === 'succeeded') return { transactionId: result.transactionId };
    // 3-D Secure: the answer waits for the cardholder on the authentication step.
    return new Promise<CardAttempt>((settle) => setPending({ clientSecret, settle }));
  };

  const answer = async (outcome: 'complete' | 'fail') => {
    if (!pending) return;
    setAnswering(true);
    let attempt: CardAttempt;
    try {
      const result = await authenticateSimulatedPayment({
        clientSecret: pending.clientSecret,
        outcome,
      });
      attempt =
        result.status === 'succeeded'
          ? { transactionId: result.transactionId }
          : { message: 'The payment is not complete yet. Please try again.' };
    } catch (failure) {
      attempt = { message: errorMessage(failure) };
    }
    setAnswering(false);
    setPending(null);
    pending.settle(attempt);
  };

  /** Pays the intent with the chosen way: a saved card, the test wallet or the new card. */
  const confirm = (clientSecret: string): Promise<CardAttempt> => {
    if (payWith === TEST_WALLET) return confirmWallet(clientSecret);
    if (payWith !== NEW_CARD) return send(clientSecret, { ...payer, paymentMethodId: payWith });
    const expiryParts = parseExpiry(expiry);
    // problem() said so already where it was asked; the request carries numbers, as Stripe's.
    if (!expiryParts)
      return Promise.resolve({ message: "Your card's expiration date is incomplete." });
    return send(clientSecret, {
      ...payer,
      cardNumber,
      ...expiryParts,
      cvc,
      ...(postalCode.trim() && { billingPostalCode: postalCode.trim() }),
      ...(savesCards && saveCard && { savePaymentMethod: true }),
    });
  };

  /** The test wallet: Stripe's Visa test card, as Apple Pay or Google Pay would hand it over. */
  const confirmWallet = (clientSecret: string) =>
    send(clientSecret, { ...payer, wallet: 'google_pay' });

  const fields: ReactNode = (
    <>
      <SavedCardChoice
        cards={savedCards}
        value={payWith}
        onChange={setPayWith}
        more={offerWallet ? [[TEST_WALLET, TEST_WALLET_LABEL]] : []}
      />
      {payWith === NEW_CARD && (
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField
              id="card-number"
              label="Card number"
              value={cardNumber}
              onChange={(event) => setCardNumber(groupCardNumber(event.target.value))}
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={6}>
            <TextField
              id="card-expiry"
              label="Expiry"
              value={expiry}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))}
              autoComplete="cc-exp"
              placeholder="MM/YY"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={6}>
            <TextField
              id="card-cvc"
              label="CVC"
              value={cvc}
              onChange={(event) => setCvc(digits(event.target.value).slice(0, 4))}
              autoComplete="cc-csc"
              placeholder="123"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              id="card-postal-code"
              label="Postal code"
              value={postalCode}
              onChange={(event) => setPostalCode(event.target.value.slice(0, 16))}
              autoComplete="billing postal-code"
            />
          </Grid>
          {savesCards && (
            <Grid size={12}>
              <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} />
            </Grid>
          )}
        </Grid>
      )}
    </>
  );

  const authentication: ReactNode = (
    <AuthenticationStep
      open={pending !== null}
      answering={answering}
      onAnswer={(outcome) => void answer(outcome)}
    />
  );

  return { fields, authentication, problem, confirm, confirmWallet };
}
