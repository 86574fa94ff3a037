/**
 * My Profile's choices about the shop's mails (issue 37 item 4): a switch for the one reminder
 * of a cart left behind, saved as it is flipped, apart from the profile's Edit Profile form.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CART_REMINDER_AFTER_HOURS } from '@sprocket/contract';
import { errorMessage } from '../../../lib/query-client.js';
import { usePreferences, useSavePreferences } from '../api/preferences.js';

export function MailPreferences() {
  const preferences = usePreferences();
  const save = useSavePreferences();
  const on = save.isPending
    ? (save.variables?.cartReminders ?? true)
    : (preferences.data?.cartReminders ?? true);
  return (
    <Box component="section" aria-labelledby="mail-preferences-heading">
      <Typography id="mail-preferences-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Emails from the shop
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={preferences.isPending || save.isPending}
            onChange={(event) => save.mutate({ cartReminders: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': 'cart-reminders-help' } }}
          />
        }
        label="Remind me of a cart I leave behind"
      />
      <FormHelperText id="cart-reminders-help" sx={{ mt: 0 }}>
        One email, {CART_REMINDER_AFTER_HOURS} hours after you last changed your cart, while its
        parts are in stock.
      </FormHelperText>
      {/* A failed save is told by the app's own notice, as every change's is. */}
      {preferences.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(preferences.error)}
        </Alert>
      )}
    </Box>
  );
}
