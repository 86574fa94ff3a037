import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cartLineKey, lineName, type CartLine } from '@sprocket/contract';
import { useId } from 'react';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { WarningAmberIcon } from '../../../components/icons/warning-amber.js';
import { formatPrice } from '../../../lib/money.js';
import type { CartActions } from '../hooks/use-cart.js';
import { QuantityStepper } from './quantity-stepper.js';
import { PartThumbnail } from '../../../components/data/part-image.js';

/** Why a line cannot be checked out: the checkout's refusal if there was one, else the cart's. */
const lineProblem = (line: CartLine, problems: Record<string, string> | undefined) =>
  problems?.[cartLineKey(line.partId, line.sku)] ?? line.message;

function Line({
  line,
  problem,
  actions,
}: {
  line: CartLine;
  problem: string | undefined;
  actions: CartActions;
}) {
  const saving = actions.savingLine === cartLineKey(line.partId, line.sku);
  // A variant's line is named with its values: "Road tyre (700x28c)".
  const name = lineName(line);
  // Named by the part's visible name, so the name a screen reader hears is what is shown.
  const nameId = useId();
  return (
    <Box
      component="li"
      data-testid="cart-line"
      aria-labelledby={nameId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '64px 1fr', sm: '72px 1fr auto auto' },
        gridTemplateAreas: {
          xs: '"image name" "image name" "quantity total"',
          sm: '"image name quantity total"',
        },
        columnGap: { xs: 2, sm: 3 },
        rowGap: 1.5,
        alignItems: 'center',
        py: 2,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <PartThumbnail
        src={line.img}
        size={{ xs: 64, sm: 72 }}
        sx={{ gridArea: 'image', alignSelf: 'start' }}
      />
      <Box sx={{ gridArea: 'name', minWidth: 0 }}>
        <Typography id={nameId} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {formatPrice(line.price)} each · Available: {line.available} · Min Order:{' '}
          {line.minimumOrder}
        </Typography>
        {problem && (
          <Stack
            direction="row"
            spacing={0.5}
            role="alert"
            sx={{ alignItems: 'center', color: 'error.main', mt: 0.5 }}
          >
            <WarningAmberIcon fontSize="small" />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {problem}
            </Typography>
          </Stack>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ gridArea: 'quantity', alignItems: 'center', justifySelf: { xs: 'start', sm: 'end' } }}
      >
        <QuantityStepper
          value={line.quantity}
          label={`Quantity of ${name}`}
          disabled={saving}
          onChange={(quantity) => void actions.setQuantity(line.partId, quantity, line.sku)}
        />
        <IconButton
          aria-label={`Remove ${name}`}
          disabled={saving}
          onClick={() => void actions.remove(line.partId, line.sku)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Stack>
      <Typography
        data-testid="line-total"
        sx={{
          gridArea: 'total',
          fontWeight: 700,
          textAlign: 'right',
          minWidth: { sm: 96 },
          justifySelf: 'end',
        }}
      >
        {formatPrice(line.lineTotal)}
      </Typography>
    </Box>
  );
}

/**
 * The cart's lines, each with its price, a quantity to change, Remove and its total; a line that
 * cannot be checked out as it is says why (too few in stock, under the minimum order).
 */
export function CartLines({
  lines,
  actions,
  problems,
  framed = true,
}: {
  lines: CartLine[];
  actions: CartActions;
  /** Messages of a refused checkout, by line (cartLineKey); they win over the cart's own. */
  problems?: Record<string, string>;
  /** In a frame of their own (the cart page), or bare inside a card that has one (checkout). */
  framed?: boolean;
}) {
  const list = (
    <Box component="ul" aria-label="Cart lines" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map((line) => (
        <Line
          key={cartLineKey(line.partId, line.sku)}
          line={line}
          problem={lineProblem(line, problems)}
          actions={actions}
        />
      ))}
    </Box>
  );
  return framed ? (
    <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 } }}>
      {list}
    </Paper>
  ) : (
    list
  );
}
