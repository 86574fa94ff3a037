import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ListAddBar } from '../../../components/data/list-table.js';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { usePages, usePageToEdit } from '../../../features/admin-pages/api/get-pages.js';
import { PageEditorDialog } from '../../../features/admin-pages/components/page-editor-dialog.js';
import { PagesTable } from '../../../features/admin-pages/components/pages-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/** The editor of a page already written, once its text has been read. */
function EditPage({ slug, onClose }: { slug: string; onClose: () => void }) {
  const page = usePageToEdit(slug);
  if (page.isPending) return <FullScreenSpinner label="Opening the page" />;
  if (page.isError) return null; // the error toast says why; the list stays as it was
  return <PageEditorDialog page={page.data} onClose={onClose} />;
}

/**
 * Pages (admins, docs/product.md §2.32): the pages the owner writes — terms, privacy, shipping,
 * returns, about and any others — with Add page, Edit (with a preview) and Remove.
 */
export default function PagesRoute() {
  usePageTitle('Pages');
  const pages = usePages();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const close = () => setEditing(null);
  return (
    <>
      <DashboardHeading title="Pages">
        The shop's own pages, written in Markdown: terms, privacy, shipping, returns, about us.
        Published pages are at /pages/… and linked from the footer under the column you choose.
      </DashboardHeading>
      <Stack spacing={2}>
        <ListAddBar label="Add page" onAdd={() => setEditing('new')} />
        <QueryContent query={pages} loadingLabel="Loading the pages">
          {(data) => <PagesTable pages={data} onEdit={setEditing} />}
        </QueryContent>
      </Stack>
      {editing === 'new' && <PageEditorDialog onClose={close} />}
      {editing !== null && editing !== 'new' && <EditPage slug={editing} onClose={close} />}
    </>
  );
}
