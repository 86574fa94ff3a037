import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContactMessage } from '@sprocket/contract';
import { CardList } from '../../../components/data/card-list.js';
import { MarkEmailReadOutlinedIcon } from '../../../components/icons/mark-email-read-outlined.js';
import { MarkEmailUnreadOutlinedIcon } from '../../../components/icons/mark-email-unread-outlined.js';
import { ReplyIcon } from '../../../components/icons/reply.js';
import { useLayoutBrand } from '../../../lib/brand-query.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { useSetMessageHandled } from '../api/set-message-handled.js';

/** An email to the sender that quotes their message, for the admin's own mail program. */
export function replyHref(message: ContactMessage, shopName: string): string {
  const subject = `Re: ${message.subject || `Your message to ${shopName}`}`;
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Hello ${message.name},\n\n\n\n${quoted}`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function MessageCard({ message }: { message: ContactMessage }) {
  const shopName = useLayoutBrand()?.name ?? 'the shop';
  const setHandled = useSetMessageHandled();
  const saving = setHandled.isPending;
  return (
    <Card
      component="li"
      aria-label={`${message.name}: ${message.subject || 'no subject'}`}
      data-testid="contact-message"
      // A handled message sits on the page's tone, not faded: faded, its muted text fell under 4.5:1.
      sx={{ bgcolor: message.handled ? 'background.default' : 'background.paper' }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {message.subject || 'No subject'}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {message.name} · {message.email} · {formatDateTime(message.createdAt)}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={message.handled ? 'default' : 'secondary'}
            label={message.handled ? 'Handled' : 'New'}
            sx={{ alignSelf: { xs: 'flex-start' } }}
          />
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.message}
        </Typography>
        {message.handled && message.handledAt && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
            Handled {formatDateTime(message.handledAt)}
            {message.handledBy ? ` by ${message.handledBy}` : ''}
          </Typography>
        )}
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="contained"
          component="a"
          href={replyHref(message, shopName)}
          startIcon={<ReplyIcon />}
        >
          Reply by email
        </Button>
        <Button
          size="small"
          variant="outlined"
          loading={saving}
          startIcon={
            message.handled ? <MarkEmailUnreadOutlinedIcon /> : <MarkEmailReadOutlinedIcon />
          }
          onClick={() => setHandled.mutate({ id: message._id, handled: !message.handled })}
        >
          {message.handled ? 'Mark not handled' : 'Mark handled'}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The Messages screen's list: newest first, each with a reply by email and Mark handled. */
export function MessagesList({ messages }: { messages: ContactMessage[] }) {
  return (
    <CardList label="Messages" empty="No messages yet.">
      {messages.map((message) => (
        <MessageCard key={message._id} message={message} />
      ))}
    </CardList>
  );
}
