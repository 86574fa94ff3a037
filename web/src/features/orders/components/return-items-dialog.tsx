import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTE_MAX,
  RETURN_REASONS,
  returnDay,
  returnLinesProblem,
  returnMessages,
  returnReasonLabel,
  returnRefundAmount,
  unitsLeftToReturn,
  type Order,
  type ReturnReason,
} from '@sprocket/contract';
import { useId, useState } from 'react';
import { formatPrice } from '../../../lib/money.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useAskReturn } from '../api/ask-return.js';

/** What the customer chose for one line of the order. */
interface LineChoice {
  quantity: number;
  reason: ReturnReason | '';
  note: string;
}

/**
 * "Return items" (docs/product.md §2.22, decision 098): for each line of a delivered order, how
 * many units go back (up to those not refunded nor in another return), why, and a note. The
 * contract's rules check it as the API will; what it gives back once the parts arrive is shown.
 */
export function ReturnItemsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const titleId = useId();
  const ask = useAskReturn();
  const toastOnSuccess = useToastOnSuccess();
  const left = unitsLeftToReturn(order, order.returns ?? []);
  const [choices, setChoices] = useState<LineChoice[]>(() =>
    order.lines.map(() => ({ quantity: 0, reason: '', note: '' })),
  );
  const [submitted, setSubmitted] = useState(false);
  const change = (index: number, choice: Partial<LineChoice>) =>
    setChoices(choices.map((one, at) => (at === index ? { ...one, ...choice } : one)));

  const chosen = choices
    .map((choice, line) => ({ ...choice, line }))
    .filter(({ quantity }) => quantity > 0);
  const asked = chosen.map(({ line, quantity }) => ({ line, quantity }));
  const problem = returnLinesProblem(order, order.returns ?? [], asked);
  const noReason = chosen.some(({ reason }) => reason === '');
  const tooLong = chosen.some(({ note }) => note.trim().length > NOTE_MAX);
  const amount = returnRefundAmount(order, asked);

  const send = async () => {
    setSubmitted(true);
    if (chosen.length === 0 || problem || noReason || tooLong) return;
    const sent = await toastOnSuccess(
      () =>
        ask.mutateAsync({
          id: order._id,
          lines: chosen.map(({ line, quantity, reason, note }) => ({
            line,
            quantity,
            reason: reason as ReturnReason,
            note: note.trim(),
          })),
        }),
      'Return asked: we will answer by email',
    );
    if (sent) onClose();
  };

  return (
    <Dialog
      open
      onClose={ask.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Return items</DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Choose what goes back and why.
          {order.returnableUntil && ` You can ask until ${returnDay(order.returnableUntil)}.`} Once
          we approve it, we tell you where to send the parts; we refund them when they arrive.
        </Typography>
        <Stack spacing={2.5}>
          {order.lines.map((line, index) => {
            const choice = choices[index] ?? { quantity: 0, reason: '', note: '' };
            const unitsLeft = left[index] ?? 0;
            const name = `${line.partName}${line.variant ? ` (${line.variant})` : ''}`;
            const asking = choice.quantity > 0;
            const at = chosen.findIndex((one) => one.line === index);
            const unitsError = problem?.errors[`lines[${at}].quantity`];
            return (
              <Box
                key={`${line.partId}-${line.sku ?? ''}-${index}`}
                component="fieldset"
                sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
              >
                <Typography component="legend" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                  {unitsLeft > 0
                    ? `${line.quantity} bought; ${unitsLeft} can go back`
                    : 'Nothing left to return'}
                </Typography>
                {unitsLeft > 0 && (
                  <Stack spacing={1.5}>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                      <TextField
                        select
                        label="How many"
                        value={choice.quantity}
                        onChange={(event) =>
                          change(index, { quantity: Number(event.target.value) })
                        }
                        error={Boolean(unitsError)}
                        helperText={unitsError}
                        sx={{ minWidth: 140 }}
                      >
                        {Array.from({ length: unitsLeft + 1 }, (_, units) => (
                          <MenuItem key={units} value={units}>
                            {units === 0 ? 'None' : units}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        select
                        label="Reason"
                        value={choice.reason}
                        onChange={(event) =>
                          change(index, { reason: event.target.value as ReturnReason })
                        }
                        disabled={!asking}
                        error={submitted && asking && choice.reason === ''}
                        helperText={
                          submitted && asking && choice.reason === ''
                            ? returnMessages.chooseReason
                            : undefined
                        }
                        fullWidth
                      >
                        {RETURN_REASONS.map((reason) => (
                          <MenuItem key={reason} value={reason}>
                            {returnReasonLabel[reason]}
                          </MenuItem>
                        ))}
                      </TextField>
                    </Stack>
                    {asking && (
                      <TextField
                        label="Note (optional)"
                        value={choice.note}
                        onChange={(event) => change(index, { note: event.target.value })}
                        error={choice.note.trim().length > NOTE_MAX}
                        helperText={
                          choice.note.trim().length > NOTE_MAX
                            ? `Note must be at most ${NOTE_MAX} characters`
                            : 'What is wrong with it, in your words'
                        }
                        multiline
                        minRows={2}
                        fullWidth
                      />
                    )}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
        {chosen.length > 0 && !problem && (
          <Typography sx={{ mt: 2 }} data-testid="return-amount">
            Once the parts arrive we refund {formatPrice(amount)}: what you paid for them.
          </Typography>
        )}
        {submitted && chosen.length === 0 && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
            {returnMessages.chooseLine}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={ask.isPending} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => void send()} loading={ask.isPending} variant="contained">
          Ask to return
        </Button>
      </DialogActions>
    </Dialog>
  );
}
