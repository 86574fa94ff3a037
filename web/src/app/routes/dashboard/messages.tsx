import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useContactMessages } from '../../../features/messages/api/get-contact-messages.js';
import { MessagesList } from '../../../features/messages/components/messages-list.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function MessagesRoute() {
  usePageTitle('Messages');
  const messages = useContactMessages();
  const open = messages.data?.filter((message) => !message.handled).length ?? 0;
  return (
    <>
      <DashboardHeading title="Messages">
        What visitors wrote through “Get in touch”, newest first
        {messages.data ? ` (${open === 1 ? '1 not handled' : `${open} not handled`})` : ''}. Reply
        by email, then mark the message handled.
      </DashboardHeading>
      <QueryContent query={messages} loadingLabel="Loading the messages">
        {(data) => <MessagesList messages={data} />}
      </QueryContent>
    </>
  );
}
