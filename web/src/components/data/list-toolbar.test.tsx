import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListToolbar } from './list-toolbar.js';

describe('ListToolbar', () => {
  it('keeps letters typed while the URL catches up with the search asked for', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const toolbar = (search: string) => (
      <ListToolbar searchLabel="Search orders" search={search} onSearch={onSearch} />
    );
    const { rerender } = render(toolbar(''));
    const box = screen.getByRole('searchbox', { name: 'Search orders' });

    await user.type(box, 'ben');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('ben'));
    // The shopper types on before the page shows "ben".
    await user.type(box, '@');
    rerender(toolbar('ben'));

    expect(box).toHaveValue('ben@');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('ben@'));
  });

  it('shows a search that came from elsewhere (the back button) in place of what was typed', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const toolbar = (search: string) => (
      <ListToolbar searchLabel="Search orders" search={search} onSearch={onSearch} />
    );
    const { rerender } = render(toolbar('ana'));
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    await user.type(box, 'x');

    rerender(toolbar(''));

    expect(box).toHaveValue('');
  });
});
