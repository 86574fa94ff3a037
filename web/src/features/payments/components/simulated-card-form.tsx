import Stack from '@mui/material/Stack';
import { useEffect, useState, type FormEvent } from 'react';
import { PayFooter, type CardFormProps } from './card-form.js';
import { TestPaymentsNotice, useSimulatedCard } from './simulated-card.js';

/**
 * The payment page's simulated element (docs/product.md §2.13): the notice, "Pay with" with the
 * test wallet, the card fields and Pay. The provider's message shows in red above Pay.
 */
export function SimulatedCardForm({
  clientSecret,
  billing,
  savesCards,
  savedCards,
  onConfirmed,
}: CardFormProps) {
  const card = useSimulatedCard({ billing, savesCards, savedCards, offerWallet: true });
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // The element is ready once it is on screen (Stripe's elements report this themselves).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!clientSecret || !ready || paying) return;
    const problem = card.problem();
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPaying(true);
    const attempt = await card.confirm(clientSecret);
    setPaying(false);
    if ('message' in attempt) setError(attempt.message);
    else onConfirmed(attempt.transactionId);
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void pay(event)}
      aria-label="Card payment"
      spacing={2.5}
    >
      <TestPaymentsNotice />
      {card.fields}
      <PayFooter error={error} disabled={!clientSecret || !ready} paying={paying} />
      {card.authentication}
    </Stack>
  );
}
