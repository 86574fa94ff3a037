import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SavedCard } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useRemoveSavedCard, useSavedCards } from '../api/saved-cards.js';
import { savedCardLabel } from './card-form.js';

/**
 * "Saved cards" on My Profile (docs/decisions/068): the cards saved at the payment provider with
 * "Save this card for next time", each removable. The shop shows only brand, last 4 and expiry.
 */
export function SavedCards() {
  const cards = useSavedCards();
  const remove = useRemoveSavedCard();
  const confirm = useConfirmTarget<SavedCard>();
  const { enqueueSnackbar } = useSnackbar();

  const removeChosen = () => {
    const card = confirm.target;
    if (!card) return;
    remove.mutate(card.id, {
      onSuccess: () => {
        enqueueSnackbar(`Removed ${savedCardLabel(card)}`, { variant: 'success' });
        confirm.close();
      },
      onError: () => confirm.close(),
    });
  };

  return (
    <Card component="section" aria-labelledby="saved-cards-title" sx={{ maxWidth: 880, mt: 3 }}>
      <CardContent sx={{ px: { xs: 2.5, sm: 4 }, py: 3 }}>
        <Typography id="saved-cards-title" variant="h6" component="h2">
          Saved cards
        </Typography>
        {cards.isPending && <Skeleton variant="rounded" height={48} sx={{ mt: 2 }} />}
        {cards.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(cards.error)}
          </Alert>
        )}
        {cards.data?.paymentMethods.length === 0 && (
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            No saved cards. Tick &quot;Save this card for next time&quot; when you pay, and your
            next order is paid with one tap.
          </Typography>
        )}
        {cards.data && cards.data.paymentMethods.length > 0 && (
          <List aria-labelledby="saved-cards-title">
            {cards.data.paymentMethods.map((card) => (
              <ListItem
                key={card.id}
                disableGutters
                divider
                secondaryAction={
                  <Button
                    color="error"
                    startIcon={<DeleteOutlinedIcon />}
                    onClick={() => confirm.ask(card)}
                    aria-label={`Remove ${savedCardLabel(card)}`}
                  >
                    Remove
                  </Button>
                }
              >
                <ListItemText primary={savedCardLabel(card)} sx={{ pr: 12 }} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm.open}
        title="Remove this card?"
        confirmLabel="Remove card"
        busy={remove.isPending}
        onConfirm={removeChosen}
        onClose={confirm.close}
      >
        {confirm.target &&
          `${savedCardLabel(confirm.target)} will no longer be offered when you pay.`}
      </ConfirmDialog>
    </Card>
  );
}
