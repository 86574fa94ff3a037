/**
 * Pages (issue 36 item 2): the editor checks as typed by the contract's rules, suggests the
 * address from the title, previews the text as the shop will show it, and keeps what was typed
 * when the server refuses a taken address.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { pageMessages, RESERVED_PAGE_SLUGS } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.js';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { PageEditorDialog } from './page-editor-dialog.js';

describe('the page editor', () => {
  it('suggests the address, refuses a reserved one and an empty title, previews, and keeps the text on a 409', async () => {
    const calls = stubFetch(() => ({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: pageMessages.slugTaken('shipping-returns'),
          fields: { slug: pageMessages.slugTaken('shipping-returns') },
        },
      },
    }));
    const { user } = renderScreen(<PageEditorDialog onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add a page' });
    const title = within(dialog).getByLabelText(/^Title/);
    const address = within(dialog).getByLabelText(/^Address/);
    const text = within(dialog).getByLabelText(/^Text \(Markdown\)/);

    await user.type(title, 'Shipping & Returns');
    expect(address).toHaveValue('shipping-returns');
    await user.click(text);
    await user.paste('## Within 30 days\n\nSend it **unused**. <script>alert(1)</script>');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByRole('heading', { name: 'Within 30 days' }),
    ).toBeInTheDocument();
    expect(within(preview).getByText('unused').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();

    await user.clear(address);
    await user.type(address, 'admin');
    expect(await within(dialog).findByText(pageMessages.slugReserved('admin'))).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'shipping-returns');
    await user.clear(title);
    expect(await within(dialog).findByText(pageMessages.titleRequired)).toBeInTheDocument();
    await user.type(title, 'Shipping and returns');

    const add = within(dialog).getByRole('button', { name: 'Add page' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(
      await within(dialog).findByText(pageMessages.slugTaken('shipping-returns')),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/admin/pages',
        method: 'POST',
        body: expect.objectContaining({ slug: 'shipping-returns', title: 'Shipping and returns' }),
      }),
    ]);
    expect(screen.getByRole('dialog', { name: 'Add a page' })).toBeInTheDocument();
    expect(text).toHaveValue('## Within 30 days\n\nSend it **unused**. <script>alert(1)</script>');
  });

  it("reserves every address the web app's routes start with", () => {
    const firsts = new Set<string>();
    const walk = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      if ('path' in node && typeof node.path === 'string') {
        const first = node.path.split('/')[1] ?? '';
        if (first !== '' && !first.startsWith(':')) firsts.add(first);
      }
      Object.values(node).forEach(walk);
    };
    walk(paths);
    expect([...firsts].filter((first) => !RESERVED_PAGE_SLUGS.has(first))).toEqual([]);
  });
});
