import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stockAlertTexts, type StockAlertAnswer } from '@sprocket/contract';
import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { MailOutlinedIcon } from '../../../components/icons/mail-outlined.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/auth.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useDisclosure } from '../../../lib/use-disclosure.js';
import { useAskStockAlert } from '../api/ask-stock-alert.js';

/** What the shopper is told once the shop has the address. */
const answerText = ({ state, email }: StockAlertAnswer) =>
  state === 'waiting'
    ? `Done: we will email ${email} once, when it's back.`
    : `Almost there: open the link we sent to ${email} to confirm your address.`;

/**
 * "Email me when it's back" under a sold-out part's (or size's) "Sold out" (issue 37 item 3,
 * docs/decisions/100): the button opens a small form, which works before the page's scripts have
 * run (useDisclosure). A signed-in customer is told at the account's address (confirmed at once
 * when verified); a guest types one and confirms it from the mail. The screen keys it by size, so
 * another size starts afresh. The address is checked by the API with the contract's schema, whose
 * message shows under the field: the product page loads no form library (docs/decisions/032).
 */
export function BackInStock({ partId, sku }: { partId: string; sku?: string }) {
  const panelId = `back-in-stock-${useId().replace(/[^\w-]/g, '')}`;
  const panel = useDisclosure(panelId);
  const { user } = useSession();
  const ask = useAskStockAlert();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<StockAlertAnswer | null>(null);
  // A wrong address shows under the field, any other refusal (in stock, too many) above the button.
  const fieldError =
    ask.error instanceof ApiError && ask.error.status === 422 ? ask.error.fields?.email : undefined;
  const refusal = ask.error && fieldError === undefined ? errorMessage(ask.error) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setAnswer(
        await ask.mutateAsync({
          partId,
          ...(sku && { sku }),
          ...(!user && { email: email.trim() }),
        }),
      );
    } catch {
      // Shown in the form (fieldError, refusal).
    }
  };

  if (answer)
    return (
      <Alert severity={answer.state === 'waiting' ? 'success' : 'info'} role="status">
        {answerText(answer)}
      </Alert>
    );

  return (
    <Box>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<MailOutlinedIcon />}
        {...panel.controlProps}
      >
        {stockAlertTexts.ask}
      </Button>
      <Collapse in={panel.open} {...panel.panelProps}>
        <Stack
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={stockAlertTexts.ask}
          spacing={1.5}
          sx={{ pt: 2 }}
        >
          {user ? (
            <Typography color="textSecondary">
              We will email {user.email} once, when it's back.
            </Typography>
          ) : (
            <TextField
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              required
              fullWidth
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldError !== undefined}
              helperText={
                fieldError ?? 'We email you once when it is back; you confirm the address first.'
              }
            />
          )}
          {refusal && <Alert severity="error">{refusal}</Alert>}
          <SubmitButton loading={ask.isPending}>Notify me</SubmitButton>
        </Stack>
      </Collapse>
    </Box>
  );
}
