import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useMailTemplates } from '../../../features/mailbox/api/get-mail-templates.js';
import { MailTemplates } from '../../../features/mailbox/components/mail-templates.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/** Mail templates (admins, docs/product.md §2.36): every mail the shop sends, in the owner's words. */
export default function MailTemplatesRoute() {
  usePageTitle('Mail templates');
  const templates = useMailTemplates();
  return (
    <>
      <DashboardHeading title="Mail templates">
        The words of each mail the shop sends, to customers and to itself. Placeholders such as{' '}
        {'{{customerName}}'} are filled in with each order&apos;s own; preview a mail with a real
        order before you save.
      </DashboardHeading>
      <QueryContent query={templates} loadingLabel="Loading the mail templates">
        {(data) => <MailTemplates templates={data} />}
      </QueryContent>
    </>
  );
}
