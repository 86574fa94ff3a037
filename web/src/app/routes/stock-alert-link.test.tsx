import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/render.js';
import StockAlertLinkRoute from './stock-alert-link.js';

const answer = {
  partId: 'tyre',
  sku: 'TYRE-40',
  partName: 'Road tyre (700x40c)',
  email: 'rider@example.com',
};

const open = (path: string, respond: Parameters<typeof stubFetch>[0]) => {
  const calls = stubFetch(respond);
  renderRoutes(
    [
      { path: '/alerts/confirm', element: <StockAlertLinkRoute /> },
      { path: '/alerts/unsubscribe', element: <StockAlertLinkRoute /> },
    ],
    { path },
  );
  return calls;
};

describe("a back-in-stock alert's mailed link", () => {
  it('confirms once with the token after #, and says what it did', async () => {
    const calls = open('/alerts/confirm#token=a.b.c', () => ({ body: answer }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alert confirmed' })).toBeVisible();
    expect(
      screen.getByText(
        'We will email rider@example.com once, when Road tyre (700x40c) is back in stock.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See Road tyre (700x40c)' })).toHaveAttribute(
      'href',
      '/parts/tyre?sku=TYRE-40',
    );
    expect(calls).toMatchObject([
      { method: 'POST', url: '/api/alerts/confirm', body: { token: 'a.b.c' } },
    ]);
  });

  it('unsubscribes', async () => {
    const calls = open('/alerts/unsubscribe#token=d.e.f', () => ({ body: answer }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible();
    expect(
      screen.getByText('We will send rider@example.com no more mail about Road tyre (700x40c).'),
    ).toBeVisible();
    expect(calls).toMatchObject([{ url: '/api/alerts/unsubscribe', body: { token: 'd.e.f' } }]);
  });

  it("says why a link did not work: the API's words, or none at all", async () => {
    open('/alerts/confirm#token=old', () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'This alert no longer exists' } },
    }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link did not work' }),
    ).toBeVisible();
    expect(screen.getByText('This alert no longer exists')).toBeVisible();
  });

  it('without a token asks for nothing', async () => {
    const calls = open('/alerts/confirm', () => ({ body: answer }));
    expect(await screen.findByText('This link is not valid or has expired')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
