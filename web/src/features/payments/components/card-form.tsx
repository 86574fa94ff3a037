import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { SavedCard } from '@sprocket/contract';
import { LockOutlinedIcon } from '../../../components/icons/lock-outlined.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

/** What every card field (Stripe Elements or the simulated one) needs from the payment page. */
export interface CardFormProps {
  /**
   * null until the payment intent arrives; Pay stays disabled until then (docs/product.md §2.13).
   */
  clientSecret: string | null;
  billing: { name: string; email: string };
  /**
   * Whether the intent is the account's (docs/decisions/068): its saved cards are offered and
   * "Save this card for next time" is shown. False for a guest.
   */
  savesCards: boolean;
  /** The account's saved cards, newest first (empty for a guest). */
  savedCards: SavedCard[];
  /** Called with the payment intent's id once the provider says the payment succeeded. */
  onConfirmed: (transactionId: string) => void;
}

/** The value of the "Pay with" choice that means the card fields rather than a saved card. */
export const NEW_CARD = 'new';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242, expires 12/40" (and the wallet that gave it). */
export function savedCardLabel(card: SavedCard): string {
  const brand = BRANDS[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const expires = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;
  const wallet = card.wallet ? ` (${card.wallet.replace('_', ' ')})` : '';
  return `${brand} •••• ${card.last4}${wallet}, expires ${expires}`;
}

/**
 * "Pay with": each saved card, or a new one. The newest saved card is chosen at first, so a
 * returning customer pays with one tap on "Pay".
 */
export function SavedCardChoice({
  cards,
  value,
  onChange,
  more = [],
}: {
  cards: SavedCard[];
  value: string;
  onChange: (value: string) => void;
  /** Further ways to pay after "A new card", as [value, label]. */
  more?: readonly (readonly [string, string])[];
}) {
  return (
    <FormControl>
      <FormLabel id="pay-with" sx={{ fontSize: 14, fontWeight: 600, mb: 0.5 }}>
        Pay with
      </FormLabel>
      <RadioGroup
        aria-labelledby="pay-with"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {cards.map((card) => (
          <FormControlLabel
            key={card.id}
            value={card.id}
            control={<Radio />}
            label={savedCardLabel(card)}
          />
        ))}
        <FormControlLabel value={NEW_CARD} control={<Radio />} label="A new card" />
        {more.map(([choice, label]) => (
          <FormControlLabel key={choice} value={choice} control={<Radio />} label={label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** Stripe's `setup_future_usage: 'off_session'` when ticked. */
export function SaveCardCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Save this card for next time"
    />
  );
}

/** The end of every card form: the provider's error in red (docs/product.md §2.13), then Pay. */
export function PayFooter({
  error,
  disabled,
  paying,
}: {
  error: string | null;
  disabled: boolean;
  paying: boolean;
}) {
  return (
    <>
      {error && (
        <Typography role="alert" color="error" sx={{ fontWeight: 600 }}>
          {error}
        </Typography>
      )}
      <SubmitButton startIcon={<LockOutlinedIcon />} disabled={disabled} loading={paying}>
        Pay
      </SubmitButton>
    </>
  );
}
