import { ThemeProvider } from '@mui/material/styles';
import { screen, waitFor, within } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { authSession } from '../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch } from '../../testing/render.js';
import { createShopTheme } from '../../lib/theme.js';
import { MainLayout } from './main-layout.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

beforeEach(() => {
  authSession.signOut();
  stubFetch(() => ({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }));
});

/** Where the app is: the screen says its address. */
function Address({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return (
    <h1>
      {name} at {pathname}
      {search}
    </h1>
  );
}

/** `wide`: breakpoints moved below jsdom's 1024 px, so the screen lays out as at 1440 px. */
const wideTheme = createShopTheme({ values: { xs: 0, sm: 100, md: 200, lg: 300, xl: 400 } });

const renderAt = (path: string, layout: 'phone' | 'desktop' | 'wide' = 'desktop') =>
  renderRoutes(
    [
      {
        element:
          layout === 'wide' ? (
            <ThemeProvider theme={wideTheme}>
              <MainLayout />
            </ThemeProvider>
          ) : (
            <MainLayout />
          ),
        children: [
          { path: '/blogs', element: <Address name="Blogs" /> },
          { path: '/parts', element: <Address name="All Parts" /> },
          { path: '/parts/:id', element: <Address name="A part" /> },
          { path: '/dashboard', element: <Address name="Dashboard" /> },
        ],
      },
    ],
    { path, layout: layout === 'phone' ? 'phone' : 'desktop' },
  );

/** jsdom is 1024 px wide, below the width that has the box in the bar: its button opens it. */
async function openSearch(user: ReturnType<typeof renderAt>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open search' }));
  return screen.getByRole('search');
}

describe('the search box in the header', () => {
  it('is a real GET form to All Parts, so it works before the page is hydrated', async () => {
    const { user } = renderAt('/blogs');
    const form = await openSearch(user);
    expect(form).toHaveAttribute('action', '/parts');
    expect(form).toHaveAttribute('method', 'get');
    const box = within(form).getByRole('combobox', { name: 'Search parts' });
    expect(box).toHaveAttribute('name', 'q');
    expect(box).toHaveFocus();
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('is in the bar on wide screens, with no button to open it', () => {
    renderAt('/blogs', 'wide');
    expect(
      within(screen.getByRole('search')).getByRole('combobox', { name: 'Search parts' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open search' })).not.toBeInTheDocument();
  });

  it('takes the words to All Parts as ?q= through the router, and closes', async () => {
    const { user, router } = renderAt('/parts/some-part');
    const form = await openSearch(user);
    await user.type(within(form).getByRole('combobox'), '  bottle holder {Enter}');
    expect(
      await screen.findByRole('heading', { name: 'All Parts at /parts?q=bottle%20holder' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=bottle%20holder');
    await waitFor(() => expect(screen.queryByRole('search')).not.toBeInTheDocument());
  });

  it('opens All Parts with nothing typed, from the Search button', async () => {
    const { user } = renderAt('/blogs');
    await user.click(within(await openSearch(user)).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'All Parts at /parts' })).toBeInTheDocument();
  });

  it('is not on All Parts, which has its own, nor on the dashboard', () => {
    renderAt('/parts', 'wide');
    renderAt('/dashboard', 'wide');
    renderAt('/parts');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open search' })).not.toBeInTheDocument();
  });

  it('opens from its button on a phone, and closes the menu', async () => {
    const { user } = renderAt('/blogs', 'phone');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const form = await openSearch(user);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.type(within(form).getByRole('combobox', { name: 'Search parts' }), 'tire{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'All Parts at /parts?q=tire' }),
    ).toBeInTheDocument();
  });

  it('suggests while typing: arrows choose, Enter takes a search or a part, Escape closes', async () => {
    const calls = stubFetch(({ url }) =>
      url.includes('/parts/suggest')
        ? {
            body: {
              searches: ['shimano 11 speed'],
              parts: [
                {
                  _id: 'shimano-hg601-chain',
                  productName: 'Shimano 105 CN-HG601 11-Speed Chain',
                  category: 'drivetrain',
                },
              ],
              didYouMean: null,
            },
          }
        : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
    );
    const { user } = renderAt('/blogs');
    const form = await openSearch(user);
    const box = within(form).getByRole('combobox', { name: 'Search parts' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'shimano 11 sp');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(calls.some((call) => call.url.endsWith('/parts/suggest?q=shimano%2011%20sp'))).toBe(
      true,
    );
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['shimano 11 speed', 'Shimano 105 CN-HG601 11-Speed ChainDrivetrain']);
    expect(screen.getByRole('status')).toHaveTextContent('2 suggestions.');

    // Down twice: the part, announced as the active option.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const part = within(list).getAllByRole('option')[1]!;
    expect(part).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', part.id);
    // Escape closes the list and keeps the words.
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('shimano 11 sp');
    // Down opens it again on the first option, the search; Enter sends it.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'All Parts at /parts?q=shimano%2011%20speed' }),
    ).toBeInTheDocument();
  });

  it('opens a suggested part on its page', async () => {
    stubFetch(({ url }) =>
      url.includes('/parts/suggest')
        ? {
            body: {
              searches: [],
              parts: [
                {
                  _id: 'perch-contour-saddle',
                  productName: 'Perch Contour Comfort Saddle',
                  category: 'saddles',
                },
              ],
              didYouMean: null,
            },
          }
        : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
    );
    const { user } = renderAt('/blogs');
    const form = await openSearch(user);
    await user.type(within(form).getByRole('combobox', { name: 'Search parts' }), 'perch');
    await user.click(await screen.findByRole('option', { name: /Perch Contour Comfort Saddle/ }));
    expect(
      await screen.findByRole('heading', { name: 'A part at /parts/perch-contour-saddle' }),
    ).toBeInTheDocument();
  });
});
