import { screen, within } from '@testing-library/react';
import type { BusinessSummary } from '@sprocket/contract';
import type * as FirebaseAuth from '@firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession, fakeUser } from '../testing/fake-firebase-auth.js';
import { buildBrand, buildCataloguePart, buildReview } from '../testing/data.js';
import { renderRoutes, stubFetch } from '../testing/render.js';
import { routes } from './router.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

const parts = Array.from({ length: 8 }, (_, index) => buildCataloguePart(index + 1));
const reviews = Array.from({ length: 8 }, (_, index) => buildReview(index + 1));
const stats: BusinessSummary = {
  parts: 2630,
  productViews: 645_210,
  orders: { total: 50, completed: 43, pending: 3, completedShare: 0.86 },
};

beforeEach(() => {
  authSession.signOut();
  stubFetch(({ url }) => {
    if (url === '/api/brand') return { body: buildBrand() };
    // The home page asks for the whole catalogue, All Parts for its first page.
    if (url === '/api/parts' || url === '/api/parts?pageSize=24') return { body: parts };
    if (url === '/api/reviews') return { body: reviews };
    if (url === '/api/stats') return { body: stats };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  });
});

describe('the public screens', () => {
  it('home: the first six parts, the business summary, the first six reviews and the contact form', async () => {
    renderRoutes(routes, { path: '/' });

    const cards = await screen.findAllByTestId('part-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      parts.slice(0, 6).map((part) => part.productName),
    );
    expect(screen.getByRole('heading', { name: 'All Parts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See All Parts/ })).toHaveAttribute('href', '/parts');

    expect(screen.getByRole('heading', { name: 'Business Summary' })).toBeInTheDocument();
    // The original shop's labels over the store's figures (GET /stats).
    expect(await screen.findByText('2.6K')).toBeInTheDocument();
    for (const text of ['Total Parts', 'Product Views', '645.2K', 'Orders done', '86%'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('3 orders pending')).toBeInTheDocument();

    expect(await screen.findAllByTestId('review-card')).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get in touch' })).toBeInTheDocument();
    expect(screen.getByText(/Sprocket — bicycle parts/, { selector: 'p' })).toHaveTextContent(
      String(new Date().getFullYear()),
    );
  });

  it('home at /home, with skeletons and loading headings until the data arrives', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubFetch(async ({ url }) => {
      if (url === '/api/brand') return { body: buildBrand() };
      await held;
      if (url === '/api/stats') return { body: stats };
      return { body: url === '/api/parts' ? parts : reviews };
    });
    renderRoutes(routes, { path: '/home' });

    expect(await screen.findByRole('heading', { name: 'Parts are loading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reviews are loading' })).toBeInTheDocument();
    expect(screen.getAllByTestId('review-skeleton')).toHaveLength(6);

    release();
    expect(await screen.findAllByTestId('part-card')).toHaveLength(6);
    expect(screen.queryByText('Reviews are loading')).not.toBeInTheDocument();
  });

  it('All Parts: every part with the card texts and a Buy Now link', async () => {
    renderRoutes(routes, { path: '/parts' });

    const cards = await screen.findAllByTestId('part-card');
    expect(cards).toHaveLength(8);
    const first = within(cards[0] as HTMLElement);
    expect(cards[0]?.querySelector('img')).toHaveAttribute('src', '/parts/part-1.svg');
    expect(first.getByRole('link', { name: 'Part number 1' })).toHaveAttribute(
      'href',
      '/parts/part-1',
    );
    expect(first.getByText(`${parts[0]?.description.slice(0, 70)}...`)).toBeInTheDocument();
    expect(first.getByText('Available: 41')).toBeInTheDocument();
    expect(first.getByText('Price: $13.50')).toBeInTheDocument();
    expect(first.getByText('Min Order: 2')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /Buy Now/ })).toHaveAttribute(
      'href',
      '/purchase/part-1',
    );
  });

  it('All Reviews: every review, newest first', async () => {
    renderRoutes(routes, { path: '/reviews' });
    expect(await screen.findByRole('heading', { name: 'All Reviews' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('review-card');
    expect(cards).toHaveLength(8);
    expect(cards[0]).toHaveTextContent('Review text number 8.');
    expect(cards[7]).toHaveTextContent('Review text number 1.');
    // Signed with the reviewer's name as the API gives it, never an email address.
    expect(cards[0]).toHaveTextContent('— Rider 8');
    for (const card of cards) expect(card).not.toHaveTextContent('@');
  });

  it('Blogs: the five answers', async () => {
    renderRoutes(routes, { path: '/blogs' });
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(
      screen.getByRole('heading', { name: /performance of a React application/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: /not update React state directly/ }),
    ).toBeInTheDocument();
  });

  it('any other path: GOT LOST ?', async () => {
    renderRoutes(routes, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'GOT LOST ?' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /bicycle parked at a signpost/ })).toBeInTheDocument();
  });

  it('the dashboard sends a visitor to Please Login', async () => {
    const { router } = renderRoutes(routes, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the navigation bar', () => {
  const mainNav = () =>
    within(screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement);

  it('offers Login to a visitor', async () => {
    renderRoutes(routes, { path: '/blogs' });
    await screen.findAllByRole('article');
    // Login appears once Firebase Auth (loaded apart from the page) has said nobody is signed in.
    await mainNav().findByRole('link', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'Sprocket' })).toHaveAttribute('href', '/');
    for (const [name, href] of [
      ['Home', '/home'],
      ['Parts', '/parts'],
      ['Reviews', '/reviews'],
      ['Blogs', '/blogs'],
      ['Login', '/login'],
    ])
      expect(mainNav().getByRole('link', { name })).toHaveAttribute('href', href);
    expect(mainNav().queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle dashboard menu' })).not.toBeInTheDocument();
  });

  it('offers Dashboard and Log Out when signed in, and the sidebar toggle on the dashboard', async () => {
    authSession.signIn();
    const { user } = renderRoutes(routes, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(mainNav().getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('button', { name: 'Toggle dashboard menu' })).toBeInTheDocument();

    // The user's name and initials open the menu with Dashboard, My Orders and Log Out.
    await user.click(screen.getByRole('button', { name: 'Casey Customer' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(menu.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrder',
    );
    await user.click(menu.getByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
  });

  it('shows the signed-in user, My Orders and Log Out in the small-screen menu', async () => {
    authSession.signIn(fakeUser({ displayName: null, email: 'robin@example.com' }));
    const { user } = renderRoutes(routes, { path: '/blogs', layout: 'phone' });
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(document.getElementById('main-menu-small') as HTMLElement);
    expect(menu.getByText('robin@example.com')).toBeInTheDocument();
    expect(menu.getByText('R')).toBeInTheDocument();
    await user.click(menu.getByRole('link', { name: 'My Orders' }));
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
  });

  it('opens and closes the small-screen menu', async () => {
    const { user } = renderRoutes(routes, { path: '/blogs', layout: 'phone' });
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(document.getElementById('main-menu-small') as HTMLElement);
    await user.click(menu.getByRole('link', { name: 'Parts' }));
    expect(await screen.findByRole('heading', { name: 'All Parts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('the product page', () => {
  const soldOut = buildCataloguePart(7, {
    productName: 'Halden Saddle',
    category: 'saddles',
    quantity: 1,
    order: 2,
    averageRating: 4.5,
    reviewCount: 2,
  });

  it('shows one part, counts a view once and offers no way to buy it when sold out', async () => {
    const calls = stubFetch(({ url, method }) => {
      if (url === '/api/brand') return { body: buildBrand() };
      if (url === '/api/parts/part-7' && method === 'GET') return { body: soldOut };
      if (url === '/api/parts/part-7/views') return { body: { counted: true } };
      if (url === '/api/reviews?partId=part-7') return { body: [] };
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    });
    renderRoutes(routes, { path: '/parts/part-7' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Halden Saddle' }),
    ).toBeInTheDocument();
    // The category's chip, and the same link in the breadcrumbs.
    for (const link of screen.getAllByRole('link', { name: 'Saddles' })) {
      expect(link).toHaveAttribute('href', '/parts?category=saddles');
    }
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars, 2 reviews' })).toBeInTheDocument();
    expect(screen.getByText('Price per unit: $19.50')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Sold out' })[0]).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Between/)).not.toBeInTheDocument();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/parts/part-7/views',
    ]);
  });

  it('shows a part that is gone as the “GOT LOST ?” page, with a way back', async () => {
    stubFetch(() => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Part not found' } },
    }));
    renderRoutes(routes, { path: '/parts/gone' });
    expect(await screen.findByRole('heading', { name: 'GOT LOST ?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });
});
