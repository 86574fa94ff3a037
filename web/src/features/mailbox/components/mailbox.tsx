import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { mailKindLabel, type Mail } from '@sprocket/contract';
import { useId, useMemo, useState } from 'react';
import { MailOutlinedIcon } from '../../../components/icons/mail-outlined.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { phoneTapTarget } from '../../../lib/tap-target.js';
import { sanitizeMailHtml } from './sanitize-html.js';

/** One mail as its reader would see it: the headers, then the HTML (made safe) or the text. */
export function MailView({ mail, headingId }: { mail: Mail; headingId?: string }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  const html = useMemo(() => sanitizeMailHtml(mail.message.html), [mail.message.html]);
  return (
    <Box component="article" aria-labelledby={headingId} data-testid="mail-view">
      <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {mail.message.subject}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.25,
          my: 1.5,
          fontSize: 14,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>To</dt>
        <dd>{mail.to}</dd>
        {mail.replyTo && (
          <>
            <dt>Reply to</dt>
            <dd>{mail.replyTo}</dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{formatDateTime(mail.createdAt)}</dd>
        {mail.delivery && (
          <>
            <dt>Delivery</dt>
            <dd>
              {mail.delivery.state}
              {mail.delivery.error ? `: ${mail.delivery.error}` : ''}
            </dd>
          </>
        )}
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={part}
        onChange={(_event, next: 'html' | 'text' | null) => next && setPart(next)}
        aria-label="Show the mail as"
        sx={{ mb: 1.5 }}
      >
        <ToggleButton value="html">HTML</ToggleButton>
        <ToggleButton value="text">Plain text</ToggleButton>
      </ToggleButtonGroup>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2, sm: 3 },
          bgcolor: '#fff',
          fontSize: 15,
          lineHeight: 1.6,
          overflowX: 'auto',
          '& p': { mt: 0, mb: 1.5 },
          '& table': { borderCollapse: 'collapse', my: 1.5 },
          '& td, & th': { py: 0.5, pr: 3 },
          // A mail's links stand in paragraphs of their own ("Track parcel", "Back to your cart"):
          // on a phone each is a row a finger can hit, as the shop's own links are.
          '& a': phoneTapTarget,
        }}
      >
        {part === 'html' ? (
          <Box data-testid="mail-html" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <Box
            component="pre"
            data-testid="mail-text"
            sx={{ m: 0, fontFamily: 'inherit', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {mail.message.text}
          </Box>
        )}
      </Paper>
    </Box>
  );
}

function MailList({
  mails,
  selectedId,
  onSelect,
}: {
  mails: Mail[];
  selectedId: string | null;
  onSelect: (mail: Mail) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <List aria-label="Mail" disablePadding>
        {mails.map((mail, index) => (
          <Box component="li" key={mail._id} sx={{ listStyle: 'none' }}>
            {index > 0 && <Divider component="div" />}
            <ListItemButton
              selected={mail._id === selectedId}
              onClick={() => onSelect(mail)}
              aria-current={mail._id === selectedId ? 'true' : undefined}
              sx={{ display: 'block', py: 1.5 }}
            >
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
              >
                <Typography variant="body2" color="textSecondary" noWrap>
                  To {mail.to}
                </Typography>
                <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(mail.createdAt)}
                </Typography>
              </Stack>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {mail.message.subject}
              </Typography>
              <Chip size="small" label={mailKindLabel[mail.kind]} sx={{ mt: 0.75 }} />
            </ListItemButton>
          </Box>
        ))}
      </List>
    </Paper>
  );
}

/**
 * The Mailbox: every mail the shop wrote, newest first, each readable as it would arrive. Side by
 * side on wide screens; on phones a mail opens over the list.
 */
export function Mailbox({ mails }: { mails: Mail[] }) {
  const theme = useTheme();
  const wide = !useMediaQuery(theme.breakpoints.down('md'));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const headingId = useId();
  // On wide screens the newest mail is open from the start.
  const selected =
    mails.find((mail) => mail._id === selectedId) ?? (wide ? (mails[0] ?? null) : null);

  if (mails.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <MailOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
        <Typography color="textSecondary">No mail yet.</Typography>
      </Paper>
    );

  const list = (
    <MailList
      mails={mails}
      selectedId={selected?._id ?? null}
      onSelect={(mail) => setSelectedId(mail._id)}
    />
  );

  if (!wide)
    return (
      <>
        {list}
        <Dialog
          open={selected !== null}
          onClose={() => setSelectedId(null)}
          fullScreen
          aria-labelledby={headingId}
        >
          <DialogContent>
            {selected && <MailView key={selected._id} mail={selected} headingId={headingId} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setSelectedId(null)}>Back to the Mailbox</Button>
          </DialogActions>
        </Dialog>
      </>
    );

  return (
    <Grid container spacing={3}>
      <Grid size={{ md: 5, lg: 4 }}>{list}</Grid>
      <Grid size={{ md: 7, lg: 8 }}>
        {selected && (
          <Paper variant="outlined" sx={{ p: 3, position: 'sticky', top: 88 }}>
            <MailView key={selected._id} mail={selected} headingId={headingId} />
          </Paper>
        )}
      </Grid>
    </Grid>
  );
}
