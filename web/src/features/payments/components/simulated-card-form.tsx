import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { ScienceOutlinedIcon } from '../../../components/icons/science-outlined.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useConfirmSimulatedPayment } from '../api/confirm-simulated-payment.js';
import { PayFooter, type CardFormProps } from './card-form.js';

/** Stripe's test cards that the simulated gateway knows (issue 5). */
const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0000 0000 9995', 'has insufficient funds'],
] as const;

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
 * The local card field used with the simulated gateway: it behaves like Stripe's test mode, and
 * says plainly that nothing real is charged. The gateway checks the card and answers with
 * Stripe's own messages, shown in red.
 */
export function SimulatedCardForm({ clientSecret, billing, onConfirmed }: CardFormProps) {
  const confirm = useConfirmSimulatedPayment();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The field is ready once it is on screen (Stripe's CardElement reports this itself).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!clientSecret || !ready || confirm.isPending) return;
    const expiryParts = parseExpiry(expiry);
    if (!expiryParts) {
      // The one check made here: the request carries the expiry as numbers (as Stripe's field does).
      setError("Your card's expiration date is incomplete.");
      return;
    }
    setError(null);
    confirm.mutate(
      {
        clientSecret,
        cardNumber,
        ...expiryParts,
        cvc,
        billingName: billing.name,
        billingEmail: billing.email,
      },
      {
        onSuccess: (result) => onConfirmed(result.transactionId),
        onError: (failure) => setError(errorMessage(failure)),
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
      </Grid>
      <PayFooter error={error} disabled={!clientSecret || !ready} paying={confirm.isPending} />
    </Stack>
  );
}
