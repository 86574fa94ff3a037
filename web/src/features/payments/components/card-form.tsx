import Typography from '@mui/material/Typography';
import { LockOutlinedIcon } from '../../../components/icons/lock-outlined.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

/** What every card field (Stripe Elements or the simulated one) needs from the payment page. */
export interface CardFormProps {
  /**
   * null until the payment intent arrives; Pay stays disabled until then (docs/product.md §2.13).
   */
  clientSecret: string | null;
  billing: { name: string; email: string };
  /** Called with the payment intent's id once the provider says the payment succeeded. */
  onConfirmed: (transactionId: string) => void;
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
