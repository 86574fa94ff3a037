import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { BrandForm } from '../../../features/admin-brand/components/brand-form.js';
import { brandQueryOptions } from '../../../lib/brand-query.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/**
 * Brand (admins, docs/product.md §2.35): the shop's name, logo, accent colour, contact details and
 * social links, shown in the header, footer, titles, link previews, mails and the shop's icon.
 */
export default function BrandRoute() {
  usePageTitle('Brand');
  // Read afresh: another admin may have saved since this visit first read it.
  const brand = useQuery({ ...brandQueryOptions(), staleTime: 0 });
  return (
    <>
      <DashboardHeading title="Brand">
        What the shop calls itself and how customers reach it: shown in the header and footer, in
        page titles and link previews, in the mails to customers and as the shop's icon.
      </DashboardHeading>
      <QueryContent query={brand} loadingLabel="Loading the brand">
        {(data) => <BrandForm brand={data} />}
      </QueryContent>
    </>
  );
}
