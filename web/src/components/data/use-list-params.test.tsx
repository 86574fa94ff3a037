import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './url-filters.js';
import { useListParams } from './use-list-params.js';

type Writers = ReturnType<typeof useListParams<'status', 'paid' | 'unpaid', 'date' | '-date'>> & {
  more: ReturnType<typeof useUrlFilters<'by'>>;
};

/** An admin list's URL state: the table's search, filter and sort, and a filter of its own. */
function renderList(start: string) {
  const seen: { writers?: Writers } = {};
  function List() {
    const list = useListParams({
      filterName: 'status',
      filters: ['paid', 'unpaid'] as const,
      sorts: ['date', '-date'] as const,
      defaultSort: '-date',
    });
    const more = useUrlFilters(['by'] as const);
    seen.writers = { ...list, more };
    return <p>{`q=${list.params.q} status=${list.params.filter} by=${more.values.by}`}</p>;
  }
  const router = createMemoryRouter([{ path: '/audit', element: <List /> }], {
    initialEntries: [start],
  });
  render(<RouterProvider router={router} />);
  return { router, writers: () => seen.writers! };
}

describe('an admin list in the URL', () => {
  it('keeps a filter chosen just before the search box writes, from the same render', async () => {
    const { router, writers } = renderList('/audit?q=ana');
    const fromOneRender = writers();

    // The search box's delayed write comes after a filter was chosen, before the page re-rendered.
    await act(async () => {
      fromOneRender.setFilter('paid');
      fromOneRender.setSearch('');
    });

    expect(router.state.location.search).toBe('?status=paid');
    expect(screen.getByText('q= status=paid by=')).toBeInTheDocument();
  });

  it("keeps the list's other filters when the search, filter or page changes", async () => {
    const { router, writers } = renderList('/audit?by=owner%40shop.test&page=3');

    await act(async () => writers().setSearch('refund'));
    await act(async () => writers().setFilter('unpaid'));

    const address = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(address)).toEqual({
      by: 'owner@shop.test',
      q: 'refund',
      status: 'unpaid',
    });
  });

  it('starts from the page shown after the back button, not from a write it replaced', async () => {
    const { router, writers } = renderList('/audit');
    await act(async () => writers().setFilter('paid'));
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe('');

    await act(async () => writers().more.set({ by: 'ben@shop.test' }));

    expect(router.state.location.search).toBe('?by=ben%40shop.test');
  });
});
