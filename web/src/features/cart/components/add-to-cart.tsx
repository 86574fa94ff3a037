import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { checkOrderQuantity, isInStock, type Part } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AddShoppingCartIcon } from '../../../components/icons/add-shopping-cart.js';
import { paths } from '../../../config/paths.js';
import { useCartActions } from '../hooks/use-cart.js';
import { CART_LINK_PARAMS } from '../hooks/use-cart-link.js';
import { forgetCartToast, rememberCartToast } from '../hooks/use-cart-toasts.js';

export type AddToCartPart = Pick<Part, '_id' | 'productName' | 'order' | 'quantity'>;

/**
 * A quantity (starting at the part's minimum order) and "Add to cart", for part cards and the
 * purchase page. The cart reserves nothing, so this only checks the quantity against the part as
 * the screen shows it; the cart page and the checkout check again. It is a real form: sent before
 * the page has hydrated, it goes to the cart with a cart link, which adds the part there
 * (useCartLink), so it works from the moment the page is painted.
 */
export function AddToCart({
  part,
  size = 'small',
}: {
  part: AddToCartPart;
  size?: 'small' | 'medium';
}) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const actions = useCartActions();
  const [text, setText] = useState(String(part.order));
  const [adding, setAdding] = useState(false);
  const fieldId = useId();

  const quantity = Number(text);
  const soldOut = !isInStock(part);
  const problem = !Number.isInteger(quantity)
    ? 'Enter a whole number'
    : checkOrderQuantity(part, quantity)?.message;

  const add = async () => {
    if (problem || adding) return;
    setAdding(true);
    try {
      await actions.add(part._id, quantity);
    } catch {
      return; // the mutation cache shows the API's message
    } finally {
      setAdding(false);
    }
    const toast = enqueueSnackbar(`${quantity} × ${part.productName} added to your cart`, {
      variant: 'success',
      onClose: (_event, _reason, key) => {
        if (key !== undefined) forgetCartToast(key);
      },
      action: (key) => (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            closeSnackbar(key);
            void navigate(paths.cart.getHref());
          }}
        >
          View cart
        </Button>
      ),
    });
    rememberCartToast(toast);
  };

  // Never a quantity rule such as "Between 1 and 0": a part that cannot be had is sold out.
  if (soldOut)
    return (
      <Button fullWidth variant="outlined" disabled size={size}>
        Sold out
      </Button>
    );

  return (
    <Stack
      component="form"
      noValidate
      action={paths.cart.getHref()}
      method="get"
      aria-label={`Add ${part.productName} to the cart`}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        id={fieldId}
        name={CART_LINK_PARAMS.quantity}
        label="Quantity"
        type="number"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={Boolean(problem)}
        helperText={problem}
        slotProps={{
          htmlInput: {
            min: part.order,
            max: part.quantity,
            step: 1,
            'aria-label': `Quantity of ${part.productName}`,
          },
        }}
        sx={{ width: 104, flexShrink: 0 }}
      />
      <Button
        type="submit"
        variant="outlined"
        color="primary"
        size={size === 'small' ? 'medium' : 'large'}
        startIcon={<AddShoppingCartIcon />}
        disabled={Boolean(problem)}
        loading={adding}
        aria-label={`Add to cart: ${part.productName}`}
        sx={{ flex: 1, whiteSpace: 'nowrap', minHeight: 40 }}
      >
        Add to cart
      </Button>
      <input type="hidden" name={CART_LINK_PARAMS.part} value={part._id} />
    </Stack>
  );
}
