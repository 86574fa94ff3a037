/**
 * The pages a back-in-stock alert's mailed links open (issue 37 item 3, docs/decisions/100):
 * `/alerts/confirm#token=…` confirms a guest's address, `/alerts/unsubscribe#token=…` ends the
 * alert. No account is needed: the page posts the token once and says what it did, and the token
 * never leaves the fragment, so it is in no server's log.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { stockAlertTexts } from '@sprocket/contract';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths } from '../../config/paths.js';
import {
  useOpenStockAlertLink,
  type StockAlertLinkUse,
} from '../../features/stock-alerts/api/open-stock-alert-link.js';
import { tokenOfFragment } from '../../lib/order-links.js';
import { errorMessage } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/use-page-title.js';

const WORDS: Record<StockAlertLinkUse, { title: string; working: string }> = {
  confirm: { title: 'Alert confirmed', working: 'Confirming your alert' },
  unsubscribe: { title: 'Unsubscribed', working: 'Unsubscribing' },
};

export default function StockAlertLinkRoute() {
  const location = useLocation();
  const use: StockAlertLinkUse =
    location.pathname === paths.stockAlertUnsubscribe.path ? 'unsubscribe' : 'confirm';
  const token = tokenOfFragment(location.hash);
  const open = useOpenStockAlertLink();
  const { mutate } = open;
  // One post per link opened, however often the page renders (and twice in strict mode).
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    mutate({ use, token });
  }, [mutate, use, token]);
  const failed = !token || open.isError;
  usePageTitle(failed ? 'This link did not work' : WORDS[use].title);

  if (!failed && !open.data) return <FullScreenSpinner label={WORDS[use].working} />;
  const answer = open.data;
  return (
    <PageSection maxWidth="sm">
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          {failed ? 'This link did not work' : WORDS[use].title}
        </Typography>
        {failed ? (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {token ? errorMessage(open.error) : stockAlertTexts.badLink}
          </Alert>
        ) : (
          answer && (
            <Typography>
              {use === 'confirm'
                ? `We will email ${answer.email} once, when ${answer.partName || 'the part'} is back in stock.`
                : `We will send ${answer.email} no more mail about ${answer.partName || 'this part'}.`}
            </Typography>
          )
        )}
        {answer?.partName ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.part.getHref(answer.partId, answer.sku)}
          >
            See {answer.partName}
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={paths.parts.getHref()}>
            All Parts
          </Button>
        )}
      </Stack>
    </PageSection>
  );
}
