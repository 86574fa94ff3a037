import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  approveReturnSchema,
  refuseReturnSchema,
  returnReasonLabel,
  type ApproveReturnInput,
  type OrderReturn,
  type RefuseReturnInput,
} from '@sprocket/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardList } from '../../../components/data/card-list.js';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.js';
import { ReturnStatusChip } from '../../../components/feedback/return-status-chip.js';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useApproveReturn, useReceiveReturn, useRefuseReturn } from '../api/answer-return.js';

/** Who and what, as the buttons' names say it to screen readers. */
const whose = (one: OrderReturn) => `order ${one.orderNumber}, ${one.userName || one.email}`;

function ApproveDialog({
  orderReturn,
  onClose,
}: {
  orderReturn: OrderReturn;
  onClose: () => void;
}) {
  const approve = useApproveReturn();
  return (
    <FormDialog<ApproveReturnInput>
      title={`Approve the return of order ${orderReturn.orderNumber}`}
      formLabel="Approval"
      submitLabel="Approve"
      save={(values) =>
        approve.mutateAsync({ id: orderReturn._id, ...approveReturnSchema.cast(values) })
      }
      savedMessage={`Return of order ${orderReturn.orderNumber} approved`}
      schema={approveReturnSchema}
      initialValues={{ instructions: '' }}
      onClose={onClose}
      intro={`${orderReturn.email} is mailed these instructions. Once the parts arrive, mark them received: ${formatPrice(orderReturn.amount)} is refunded and they go back into stock.`}
    >
      <FormTextField
        name="instructions"
        label="How to send the parts back"
        required
        multiline
        minRows={3}
        helperText="The address, what to put in the parcel, by when"
      />
    </FormDialog>
  );
}

function RefuseDialog({ orderReturn, onClose }: { orderReturn: OrderReturn; onClose: () => void }) {
  const refuse = useRefuseReturn();
  return (
    <FormDialog<RefuseReturnInput>
      title={`Refuse the return of order ${orderReturn.orderNumber}`}
      formLabel="Refusal"
      submitLabel="Refuse"
      save={(values) =>
        refuse.mutateAsync({ id: orderReturn._id, ...refuseReturnSchema.cast(values) })
      }
      savedMessage={`Return of order ${orderReturn.orderNumber} refused`}
      schema={refuseReturnSchema}
      initialValues={{ reason: '' }}
      onClose={onClose}
      intro={`${orderReturn.email} is mailed the reason. Nothing is refunded.`}
    >
      <FormTextField name="reason" label="Why not" required multiline minRows={2} />
    </FormDialog>
  );
}

function ReceiveDialog({
  orderReturn,
  onClose,
}: {
  orderReturn: OrderReturn;
  onClose: () => void;
}) {
  const receive = useReceiveReturn();
  const toastOnSuccess = useToastOnSuccess();
  const confirm = async () => {
    const done = await toastOnSuccess(
      () => receive.mutateAsync(orderReturn._id),
      `Refunded ${formatPrice(orderReturn.amount)} to ${orderReturn.email}`,
    );
    if (done) onClose();
  };
  return (
    <ConfirmDialog
      open
      title="Parts received?"
      confirmLabel="Received: refund"
      confirmColor="primary"
      busy={receive.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {formatPrice(orderReturn.amount)} goes back to {orderReturn.email} through the payment
      provider, and{' '}
      {orderReturn.lines.map((line) => `${line.quantity} × ${line.partName}`).join(', ')} go back
      into stock. This cannot be undone.
    </ConfirmDialog>
  );
}

type Step = 'approve' | 'refuse' | 'receive';

function ReturnCard({ orderReturn }: { orderReturn: OrderReturn }) {
  const [step, setStep] = useState<Step | null>(null);
  const close = () => setStep(null);
  const { status } = orderReturn;
  return (
    <Card component="li" aria-label={`Return of ${whose(orderReturn)}`} data-testid="return-card">
      <CardContent sx={{ pb: 1 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={paths.dashboard.order.getHref(orderReturn.orderId)}
              sx={{ fontWeight: 700 }}
            >
              Order {orderReturn.orderNumber}
            </Link>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {orderReturn.userName} · {orderReturn.email} · asked{' '}
              {formatDateTime(orderReturn.askedAt)}
            </Typography>
          </Box>
          <Box sx={{ alignSelf: 'flex-start' }}>
            <ReturnStatusChip status={status} />
          </Box>
        </Stack>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {orderReturn.lines.map((line) => (
            <Typography component="li" key={line.line} sx={{ overflowWrap: 'anywhere' }}>
              {line.quantity} × {line.partName}: {returnReasonLabel[line.reason]}
              {line.note && (
                <Typography component="span" color="textSecondary">
                  {' '}
                  — “{line.note}”
                </Typography>
              )}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {status === 'received'
            ? `${formatPrice(orderReturn.amount)} refunded ${formatDateTime(orderReturn.receivedAt ?? orderReturn.askedAt)}`
            : status === 'refused'
              ? `Refused: ${orderReturn.refusal ?? ''}`
              : `Refund once received: ${formatPrice(orderReturn.amount)}`}
        </Typography>
        {status === 'approved' && (
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            Instructions: {orderReturn.instructions}
          </Typography>
        )}
      </CardContent>
      {(status === 'asked' || status === 'approved') && (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {status === 'asked' ? (
            <>
              <Button
                size="small"
                variant="contained"
                onClick={() => setStep('approve')}
                aria-label={`Approve: ${whose(orderReturn)}`}
              >
                Approve
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={() => setStep('refuse')}
                aria-label={`Refuse: ${whose(orderReturn)}`}
              >
                Refuse
              </Button>
            </>
          ) : (
            <Button
              size="small"
              variant="contained"
              color="secondary"
              onClick={() => setStep('receive')}
              aria-label={`Mark received and refund: ${whose(orderReturn)}`}
            >
              Mark received and refund
            </Button>
          )}
        </CardActions>
      )}
      {step === 'approve' && <ApproveDialog orderReturn={orderReturn} onClose={close} />}
      {step === 'refuse' && <RefuseDialog orderReturn={orderReturn} onClose={close} />}
      {step === 'receive' && <ReceiveDialog orderReturn={orderReturn} onClose={close} />}
    </Card>
  );
}

/** The admins' Returns (decision 098): newest first, each with its next step. */
export function ReturnsList({ returns }: { returns: OrderReturn[] }) {
  return (
    <CardList label="Returns" empty="No returns here.">
      {returns.map((one) => (
        <ReturnCard key={one._id} orderReturn={one} />
      ))}
    </CardList>
  );
}
