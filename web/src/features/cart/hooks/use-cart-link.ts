import { checkOrderQuantity, type CataloguePart, type Part } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCartActions } from './use-cart.js';

/**
 * The query of a cart link: `/cart?add=<part id>&quantity=<n>`. Add to cart's form sends it when
 * it is submitted before the page has hydrated (a page rendered on the server works before its
 * scripts, docs/decisions/056): the browser goes to the cart, which adds the part here.
 */
export const CART_LINK_PARAMS = { part: 'add', quantity: 'quantity', sku: 'sku' } as const;

/**
 * Adds the part a cart link names, once, with the quantity rules Add to cart applies, then takes
 * the query off the address (a reload adds nothing more). Waits for the catalogue to know the
 * part; a part it does not know, or a quantity the part does not allow, is said, not added.
 */
export function useCartLink(
  catalogue: (Part & Partial<Pick<CataloguePart, 'variants'>>)[] | undefined,
): void {
  const [search, setSearch] = useSearchParams();
  const actions = useCartActions();
  const { enqueueSnackbar } = useSnackbar();
  const handled = useRef<string | null>(null);
  const partId = search.get(CART_LINK_PARAMS.part);
  const quantityText = search.get(CART_LINK_PARAMS.quantity) ?? '1';
  const sku = search.get(CART_LINK_PARAMS.sku) || undefined;

  useEffect(() => {
    if (!partId || !catalogue || handled.current === search.toString()) return;
    handled.current = search.toString();
    setSearch({}, { replace: true });
    const part = catalogue.find((candidate) => candidate._id === partId);
    const quantity = Number(quantityText);
    // The variant named, for a part sold in variants: its stock is the one that counts.
    const variant = sku ? part?.variants?.find((candidate) => candidate.sku === sku) : undefined;
    if (!part || (sku && !variant)) {
      enqueueSnackbar('That part is no longer in the catalogue', { variant: 'error' });
      return;
    }
    const problem = Number.isInteger(quantity)
      ? checkOrderQuantity({ order: part.order, quantity: (variant ?? part).quantity }, quantity)
          ?.message
      : 'Enter a whole number';
    if (problem) {
      enqueueSnackbar(`${part.productName}: ${problem}`, { variant: 'error' });
      return;
    }
    actions.add(part._id, quantity, sku).then(
      () =>
        enqueueSnackbar(`${quantity} × ${part.productName} added to your cart`, {
          variant: 'success',
        }),
      () => undefined, // the mutation cache shows the API's message
    );
  }, [partId, quantityText, sku, catalogue, search, setSearch, actions, enqueueSnackbar]);
}
