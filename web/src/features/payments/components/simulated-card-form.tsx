import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SimulatedConfirmRequest, SimulatedConfirmResult } from '@sprocket/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { ScienceOutlinedIcon } from '../../../components/icons/science-outlined.js';
import { errorMessage } from '../../../lib/query-client.js';
import {
  useAuthenticateSimulatedPayment,
  useConfirmSimulatedPayment,
} from '../api/confirm-simulated-payment.js';
import {
  NEW_CARD,
  PayFooter,
  SaveCardCheckbox,
  SavedCardChoice,
  type CardFormProps,
} from './card-form.js';

/** Stripe's test cards that the simulated gateway knows (issue 5, issue 26). */
const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0027 6000 3184', 'asks you to authenticate (3-D Secure)'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0000 0000 9995', 'has insufficient funds'],
] as const;

/**
 * The choice that stands for the Express Checkout Element's Apple Pay / Google Pay: the wallet
 * hands over Stripe's Visa test card, and Pay pays with it.
 */
const TEST_WALLET = 'test-wallet';

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

/**
 * The local payment element used with the simulated gateway: it behaves like Stripe's test mode
 * (saved cards, "Save this card", a wallet button, 3-D Secure), and says plainly that nothing real
 * is charged. The gateway checks the card and answers with Stripe's own messages, shown in red.
 */
export function SimulatedCardForm({
  clientSecret,
  billing,
  savesCards,
  savedCards,
  onConfirmed,
}: CardFormProps) {
  const confirm = useConfirmSimulatedPayment();
  const authenticate = useAuthenticateSimulatedPayment();
  // The newest saved card until the shopper chooses (the cards come with the intent, after the
  // first render).
  const [choice, setPayWith] = useState<string | null>(null);
  const payWith = choice ?? savedCards[0]?.id ?? NEW_CARD;
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [saveCard, setSaveCard] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [authenticating, setAuthenticating] = useState(false);
  // The element is ready once it is on screen (Stripe's elements report this themselves).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const busy = confirm.isPending || authenticate.isPending;
  const settle = {
    onSuccess: (result: SimulatedConfirmResult) => {
      if (result.status === 'requires_action') setAuthenticating(true);
      else onConfirmed(result.transactionId);
    },
    onError: (failure: Error) => setError(errorMessage(failure)),
  };

  const send = (request: Omit<SimulatedConfirmRequest, 'clientSecret'>) => {
    if (!clientSecret || !ready || busy) return;
    setError(null);
    confirm.mutate({ clientSecret, ...request }, settle);
  };
  const payer = { billingName: billing.name, billingEmail: billing.email };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (payWith === TEST_WALLET) {
      send({ ...payer, wallet: 'google_pay' });
      return;
    }
    if (payWith !== NEW_CARD) {
      send({ ...payer, paymentMethodId: payWith });
      return;
    }
    const expiryParts = parseExpiry(expiry);
    if (!expiryParts) {
      // The one check made here: the request carries the expiry as numbers (as Stripe's field does).
      setError("Your card's expiration date is incomplete.");
      return;
    }
    send({
      ...payer,
      cardNumber,
      ...expiryParts,
      cvc,
      ...(postalCode.trim() && { billingPostalCode: postalCode.trim() }),
      ...(savesCards && saveCard && { savePaymentMethod: true }),
    });
  };

  const answer = (outcome: 'complete' | 'fail') => {
    if (!clientSecret) return;
    authenticate.mutate(
      { clientSecret, outcome },
      {
        onSuccess: (result) => {
          setAuthenticating(false);
          settle.onSuccess(result);
        },
        onError: (failure) => {
          setAuthenticating(false);
          settle.onError(failure);
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={pay} aria-label="Card payment" spacing={2.5}>
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
      <SavedCardChoice
        cards={savedCards}
        value={payWith}
        onChange={setPayWith}
        more={[[TEST_WALLET, 'Test wallet (Apple Pay / Google Pay)']]}
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
      <PayFooter error={error} disabled={!clientSecret || !ready} paying={busy} />
      <AuthenticationStep open={authenticating} answering={busy} onAnswer={answer} />
    </Stack>
  );
}
