import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  planRefund,
  refundableAmount,
  refundedSoFar,
  refundedUnits,
  type RefundedLine,
} from '@sprocket/contract';
import { useId, useState } from 'react';
import { env } from '../../../config/env.js';
import { currencySign, formatPrice, parsePrice, priceExample } from '../../../lib/money.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useRefundOrder } from '../api/refund-order.js';
import type { OrderStepDialogProps } from './order-action-button.js';

/** What the admin gives back: all that is left, an amount, or units of chosen lines. */
type RefundWhat = 'all' | 'amount' | 'lines';

/** The units typed per line, as the field holds them ("" for none). */
type TypedUnits = Record<number, string>;

/**
 * An admin refunds a paid order through the payment provider (docs/decisions/069): the whole
 * payment, or what is left of it (the spec's dialog, as it always was), an amount, or units of
 * chosen lines; and whether the parts refunded go back on the shelf (not when they came back
 * damaged, say). The contract's planRefund checks it as the API will: never more than was charged.
 * Asks first: it cannot be undone. Closes once the server has acknowledged.
 */
export function RefundOrderDialog({
  order,
  onClose,
}: OrderStepDialogProps<
  'partName' | 'email' | 'totalPrice' | 'lines' | 'refunds' | 'refunded' | 'refund'
>) {
  const toastOnSuccess = useToastOnSuccess();
  const refund = useRefundOrder();
  const [what, setWhat] = useState<RefundWhat>('all');
  const [amountText, setAmountText] = useState('');
  const [units, setUnits] = useState<TypedUnits>({});
  const [restock, setRestock] = useState(true);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const left = refundableAmount(order);
  const before = refundedSoFar(order);
  const refundedPerLine = refundedUnits(order);

  const typedAmount = what === 'amount' ? parsePrice(amountText) : undefined;
  const lines: RefundedLine[] =
    what === 'lines'
      ? order.lines
          .map((_, line) => ({ line, quantity: Number(units[line] ?? '') }))
          .filter(({ quantity }) => Number.isInteger(quantity) && quantity > 0)
      : [];
  const plan = planRefund(
    order,
    { amount: typedAmount ?? undefined, lines: what === 'lines' ? lines : undefined },
    env.shopCurrency,
  );
  const amountError =
    what === 'amount' && amountText.trim() !== '' && typedAmount === null
      ? `Type an amount such as ${priceExample}`
      : plan.ok
        ? undefined
        : plan.errors.amount;
  const nothingChosen =
    (what === 'amount' && typedAmount == null) || (what === 'lines' && lines.length === 0);
  const amount = plan.ok ? plan.amount : left;
  const shown = formatPrice(amount);

  const confirm = async () => {
    setTouched(true);
    if (!plan.ok || nothingChosen) return;
    const refunded = await toastOnSuccess(
      () =>
        refund.mutateAsync({
          id: order._id,
          // An amount names no lines: no stock can follow it.
          restock: what !== 'amount' && restock,
          ...(what === 'amount' ? { amount: plan.amount } : {}),
          ...(what === 'lines' ? { lines: plan.lines } : {}),
        }),
      `Refunded ${shown} to ${order.email}`,
    );
    if (refunded) onClose();
  };

  return (
    <Dialog
      open
      onClose={refund.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Refund {shown}?</DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {what === 'all' && before === 0
            ? `The whole payment for ${order.partName} goes back to ${order.email} through the payment provider. This cannot be undone.`
            : `${shown} of the payment for ${order.partName} goes back to ${order.email} through the payment provider. This cannot be undone.`}
        </Typography>
        {before > 0 && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {formatPrice(before)} of {formatPrice(order.totalPrice)} refunded already;{' '}
            {formatPrice(left)} left.
          </Typography>
        )}
        <RadioGroup
          aria-label="What to refund"
          value={what}
          onChange={(event) => setWhat(event.target.value as RefundWhat)}
        >
          <FormControlLabel
            value="all"
            control={<Radio />}
            label={before === 0 ? 'The whole payment' : `All that is left (${formatPrice(left)})`}
          />
          <FormControlLabel value="amount" control={<Radio />} label="An amount" />
          <FormControlLabel value="lines" control={<Radio />} label="Chosen lines" />
        </RadioGroup>
        {what === 'amount' && (
          <TextField
            label="Amount to refund"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            onBlur={() => setTouched(true)}
            error={(touched || amountText !== '') && Boolean(amountError)}
            helperText={
              ((touched || amountText !== '') && amountError) || `At most ${formatPrice(left)}`
            }
            placeholder={priceExample}
            inputMode="decimal"
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{
              input: {
                startAdornment: <InputAdornment position="start">{currencySign}</InputAdornment>,
              },
            }}
          />
        )}
        {what === 'lines' && (
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            {order.lines.map((line, index) => {
              const unitsLeft = line.quantity - (refundedPerLine[index] ?? 0);
              const asked = lines.findIndex((one) => one.line === index);
              const error = plan.ok ? undefined : plan.errors[`lines[${asked}]`];
              return (
                <TextField
                  key={`${line.partId}-${line.sku ?? ''}-${index}`}
                  label={`${line.partName}${line.variant ? ` (${line.variant})` : ''}`}
                  type="number"
                  value={units[index] ?? ''}
                  onChange={(event) => setUnits({ ...units, [index]: event.target.value })}
                  error={Boolean(error)}
                  helperText={
                    error ??
                    `${formatPrice(line.price)} each; ${unitsLeft} of ${line.quantity} left to refund`
                  }
                  disabled={unitsLeft === 0}
                  slotProps={{ htmlInput: { min: 0, max: unitsLeft, step: 1 } }}
                  fullWidth
                />
              );
            })}
            {!plan.ok && plan.errors.amount && (
              <Typography role="alert" color="error" variant="body2">
                {plan.errors.amount}
              </Typography>
            )}
          </Stack>
        )}
        {what !== 'amount' && (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox checked={restock} onChange={(event) => setRestock(event.target.checked)} />
            }
            label="Return the stock to the shelf"
          />
        )}
        {touched && nothingChosen && (
          <Typography role="alert" color="error" variant="body2">
            {what === 'amount' ? 'Type the amount to refund' : 'Choose how many of a line'}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={refund.isPending} color="inherit" autoFocus>
          Cancel
        </Button>
        <Button
          onClick={() => void confirm()}
          loading={refund.isPending}
          variant="contained"
          color="error"
        >
          Refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}
