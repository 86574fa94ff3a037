import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { QueryError } from '../../../components/feedback/query-error.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useMail } from '../../../features/mailbox/api/get-mail.js';
import { Mailbox } from '../../../features/mailbox/components/mailbox.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function MailboxRoute() {
  usePageTitle('Mailbox');
  const mail = useMail();
  return (
    <>
      <DashboardHeading title="Mailbox">
        Every email the shop wrote to customers and to itself, newest first. In production the
        Trigger Email extension sends them; here they stay for you to read.
      </DashboardHeading>
      {mail.isPending ? (
        <FullScreenSpinner label="Loading the mail" />
      ) : mail.isError ? (
        <QueryError query={mail} />
      ) : (
        <Mailbox mails={mail.data} />
      )}
    </>
  );
}
