import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { AuditLog } from '../../../features/admin-audit/components/audit-log.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function AuditLogRoute() {
  usePageTitle('Audit log');
  return (
    <>
      <DashboardHeading title="Audit log">
        Every change an admin made, and each return a customer asked for, newest first: who, when,
        to what, and the values before and after. Nobody can change or remove an entry.
      </DashboardHeading>
      <AuditLog />
    </>
  );
}
