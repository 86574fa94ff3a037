import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { isInStock, variantWith, type CataloguePart, type PartVariant } from '@sprocket/contract';
import { useId } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.js';

/** Whether the variant can be bought: its stock covers the part's minimum order. */
const canBuy = (part: CataloguePart, variant: PartVariant) =>
  isInStock({ quantity: variant.quantity, order: part.order });

/**
 * The variant a product page starts with: the one named (`?sku=`) if the part has it, else the
 * first that can be bought, else the first.
 */
export function initialVariant(part: CataloguePart, sku?: string | null): PartVariant | undefined {
  return (
    part.variants.find((variant) => variant.sku === sku) ??
    part.variants.find((variant) => canBuy(part, variant)) ??
    part.variants[0]
  );
}

/**
 * The variant a value leads to: the one with the other options as picked and this value, if it
 * can be bought, else any that can with this value; when every variant with it is sold out, that
 * one (or the first with the value), whose page offers its back-in-stock alert (decision 100).
 */
function variantFor(
  part: CataloguePart,
  current: PartVariant,
  option: string,
  value: string,
): { variant: PartVariant | undefined; soldOut: boolean } {
  const exact = variantWith(part.variants, { ...current.options, [option]: value });
  if (exact && canBuy(part, exact)) return { variant: exact, soldOut: false };
  const withValue = part.variants.filter((variant) => variant.options[option] === value);
  const buyable = withValue.find((variant) => canBuy(part, variant));
  return { variant: buyable ?? exact ?? withValue[0], soldOut: !buyable };
}

/**
 * The product page's option picker (docs/product.md §2.25): for each option of a part sold in
 * variants, its values as buttons, the picked one pressed; a value whose variants are all sold
 * out is marked "sold out" and still picked, for its "Email me when it's back" (decision 100).
 * Picking a value picks its variant (`onPick`); before the page is hydrated, it follows a link to
 * the page of that variant.
 */
export function VariantPicker({
  part,
  variant,
  onPick,
}: {
  part: CataloguePart;
  variant: PartVariant;
  onPick: (sku: string) => void;
}) {
  const hydrated = useHydrated();
  const baseId = useId();
  return (
    <Stack spacing={2} data-testid="variant-picker">
      {part.options.map((option, index) => {
        const labelId = `${baseId}-${index}`;
        return (
          <Stack key={option.name} spacing={1}>
            <Typography id={labelId} sx={{ fontWeight: 600 }}>
              {option.name}:{' '}
              <Typography component="span" sx={{ fontWeight: 400 }}>
                {variant.options[option.name]}
              </Typography>
            </Typography>
            <ToggleButtonGroup
              exclusive
              aria-labelledby={labelId}
              value={variant.options[option.name] ?? null}
              onChange={(_event, value: string | null) => {
                const next =
                  value === null
                    ? undefined
                    : variantFor(part, variant, option.name, value).variant;
                if (next) onPick(next.sku);
              }}
              sx={{
                flexWrap: 'wrap',
                gap: 1,
                '& .MuiToggleButtonGroup-grouped': {
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '8px !important',
                  m: 0,
                },
              }}
            >
              {option.values.map((value) => {
                const { variant: next, soldOut } = variantFor(part, variant, option.name, value);
                return (
                  <ToggleButton
                    key={value}
                    value={value}
                    // Before the page is hydrated a value is a link to its variant's page
                    // (`?sku=`), which the server renders (docs/decisions/058).
                    {...(!hydrated &&
                      next && {
                        component: 'a' as const,
                        href: `?sku=${encodeURIComponent(next.sku)}`,
                      })}
                    aria-label={soldOut ? `${value}, sold out` : value}
                    sx={{
                      minHeight: 44,
                      minWidth: 44,
                      px: 2,
                      textTransform: 'none',
                      // The page's own text colours: MUI's grey on the page's tint is too faint.
                      color: 'text.primary',
                      '&.Mui-selected, &.Mui-selected:hover': {
                        color: 'primary.contrastText',
                        bgcolor: 'primary.main',
                      },
                      ...(soldOut && { textDecoration: 'line-through' }),
                    }}
                  >
                    {value}
                  </ToggleButton>
                );
              })}
            </ToggleButtonGroup>
          </Stack>
        );
      })}
    </Stack>
  );
}
