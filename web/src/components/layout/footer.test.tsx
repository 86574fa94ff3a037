/** The footer's links (issue 36 item 2): the owner's published pages, each under its column. */
import { screen, within } from '@testing-library/react';
import type { ShopPageSummary } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubFetch } from '../../testing/render.js';
import { Footer } from './footer.js';

const page = (slug: string, title: string, footer: ShopPageSummary['footer']) => ({
  slug,
  title,
  footer,
  published: true,
  updatedAt: '2026-12-01T10:00:00.000Z',
});

describe('the footer', () => {
  it('links each published page under its column, Contact under Company, and hides empty columns', async () => {
    stubFetch(({ url }) =>
      url === '/api/pages'
        ? {
            body: [
              page('about', 'About us', 'company'),
              page('returns', 'Returns', 'services'),
              page('shipping', 'Shipping', 'services'),
              page('hidden', 'Not linked', 'none'),
            ],
          }
        : { status: 404 },
    );
    renderScreen(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const link = async (name: string) =>
      (await within(footer).findByRole('link', { name })).getAttribute('href');
    expect(await link('Returns')).toBe('/pages/returns');
    expect(await link('Shipping')).toBe('/pages/shipping');
    expect(await link('About us')).toBe('/pages/about');
    expect(await link('Contact')).toBe('/#contact');
    expect(within(footer).getByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Company' })).toBeInTheDocument();
    expect(within(footer).queryByRole('heading', { name: 'Legal' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Not linked' })).toBeNull();
    expect(footer.querySelector('a[href="/"]')).toBeNull();
  });

  it('still offers Contact when the pages cannot be read', async () => {
    stubFetch(() => ({ status: 503, body: { error: { code: 'unavailable', message: 'Later' } } }));
    renderScreen(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'Contact' })).toBeInTheDocument();
    expect(within(footer).getAllByRole('link')).toHaveLength(1);
  });
});
