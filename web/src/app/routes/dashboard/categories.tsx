import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListAddBar } from '../../../components/data/list-table.js';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { CategoriesTable } from '../../../features/admin-categories/components/categories-table.js';
import { CategoryDialog } from '../../../features/admin-categories/components/category-dialog.js';
import { adminCategoriesQueryOptions } from '../../../lib/categories-query.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/**
 * Categories (admins, docs/product.md §2.37): the catalogue's departments in the shop's order,
 * added, renamed, reordered, hidden and given the specifications their parts use.
 */
export default function CategoriesRoute() {
  usePageTitle('Categories');
  // Read afresh: the parts counts change with every part added, and another admin may have
  // changed the list since this visit first read it.
  const categories = useQuery({ ...adminCategoriesQueryOptions(), staleTime: 0 });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <DashboardHeading title="Categories">
        The departments of All Parts, in the order shoppers see them, each with the specifications
        its parts give. A hidden category&apos;s parts leave the shop and stay in Manage Products.
      </DashboardHeading>
      <Stack spacing={2}>
        <ListAddBar label="Add category" onAdd={() => setAdding(true)} />
        <QueryContent query={categories} loadingLabel="Loading the categories">
          {(data) => <CategoriesTable categories={data} />}
        </QueryContent>
      </Stack>
      {adding && (
        <CategoryDialog categories={categories.data ?? []} onClose={() => setAdding(false)} />
      )}
    </>
  );
}
