import { useSnackbar, type SnackbarKey } from 'notistack';
import { useEffect } from 'react';

/**
 * The "added to your cart" toasts still on screen. Their one action is View cart, so once a screen
 * that shows the cart opens they have done their job; on a phone they would otherwise sit over
 * the checkout and the order's confirmation for the rest of their five seconds.
 */
const openCartToasts = new Set<SnackbarKey>();

export const rememberCartToast = (key: SnackbarKey) => void openCartToasts.add(key);
export const forgetCartToast = (key: SnackbarKey) => void openCartToasts.delete(key);

/** Closes the "added to your cart" toasts when the screen that calls it opens (cart, checkout). */
export function useCloseCartToasts(): void {
  const { closeSnackbar } = useSnackbar();
  useEffect(() => {
    for (const key of openCartToasts) closeSnackbar(key);
    openCartToasts.clear();
  }, [closeSnackbar]);
}
