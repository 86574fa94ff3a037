import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState, type RefObject } from 'react';
import { AddShoppingCartIcon } from '../../../components/icons/add-shopping-cart.js';
import { formatPrice } from '../../../lib/money.js';
import { useMediaMatch } from '../../../lib/use-client-store.js';
import { BAR_HEIGHT, BAR_SPACE_CLASS } from './phone-buy-bar-styles.js';

/**
 * On a phone, once the product page's own buying controls have scrolled out of view, a bar at the
 * foot of the screen with the price and "Add to cart" (issue 35 item 7). Its button sends the
 * page's own Add to cart form (`formId`), with the quantity and size chosen there; a quantity the
 * form refuses is brought into view instead. Never drawn from 900 px, where the controls sit
 * beside the picture, nor before the scripts run.
 */
export function PhoneBuyBar({
  price,
  formId,
  buying,
}: {
  price: number;
  formId: string;
  /** The page's buying controls: the bar shows while they are out of view. */
  buying: RefObject<HTMLElement | null>;
}) {
  const [controlsAway, setControlsAway] = useState(false);
  // Not in the page at all from 900 px (hidden by CSS alone, it was there once the controls had
  // scrolled away, however wide the screen).
  const wide = useMediaMatch(useTheme().breakpoints.up('md'));
  useEffect(() => {
    const controls = buying.current;
    if (!controls || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setControlsAway(entry !== undefined && !entry.isIntersecting),
    );
    observer.observe(controls);
    return () => observer.disconnect();
  }, [buying]);

  return (
    <>
      <span className={BAR_SPACE_CLASS} hidden />
      {controlsAway && !wide && (
        <Box
          data-testid="phone-buy-bar"
          sx={{
            display: { xs: 'flex', md: 'none' },
            position: 'fixed',
            insetInline: 0,
            bottom: 0,
            zIndex: 'appBar',
            alignItems: 'center',
            gap: 2,
            minHeight: BAR_HEIGHT,
            px: 2,
            pb: 'env(safe-area-inset-bottom)',
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            boxShadow: '0 -4px 16px rgba(31, 38, 43, 0.12)',
          }}
        >
          <Typography variant="h6" component="p" sx={{ color: 'primary.main', flex: 1 }}>
            {formatPrice(price)}
          </Typography>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            size="large"
            startIcon={<AddShoppingCartIcon />}
            onClick={(event) => {
              const refused = document
                .getElementById(formId)
                ?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
              if (!refused) return;
              event.preventDefault();
              refused.scrollIntoView({ block: 'center' });
              refused.focus();
            }}
          >
            Add to cart
          </Button>
        </Box>
      )}
    </>
  );
}
