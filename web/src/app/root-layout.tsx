import { MainLayout } from '../components/layout/main-layout.js';
import { CartNavButton } from '../features/cart/components/cart-nav-button.js';
import { CartSync } from '../features/cart/components/cart-sync.js';

/**
 * The layout of every page with what features add to it: the cart in the navigation bar, and the
 * merge of a visitor's cart into their account once they sign in.
 */
export function RootLayout() {
  return (
    <>
      <CartSync />
      <MainLayout navbarActions={<CartNavButton />} />
    </>
  );
}
