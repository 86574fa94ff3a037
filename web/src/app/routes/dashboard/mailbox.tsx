import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useMail } from '../../../features/mailbox/api/get-mail.js';
import { Mailbox } from '../../../features/mailbox/components/mailbox.js';
import { paths } from '../../../config/paths.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function MailboxRoute() {
  usePageTitle('Mailbox');
  const mail = useMail();
  return (
    <>
      <DashboardHeading title="Mailbox">
        Every email the shop wrote to customers and to itself, newest first. In production the
        Trigger Email extension sends them; here they stay for you to read. The words of the mails
        to customers are yours to change under{' '}
        {/* Underlined: a link inside a sentence is told from its words by more than colour. */}
        <Link
          component={RouterLink}
          to={paths.dashboard.mailTemplates.getHref()}
          underline="always"
        >
          Mail templates
        </Link>
        .
      </DashboardHeading>
      <QueryContent query={mail} loadingLabel="Loading the mail">
        {(data) => <Mailbox mails={data} />}
      </QueryContent>
    </>
  );
}
