import Button, { type ButtonProps } from '@mui/material/Button';

/** A form's main button (Add Product, Send message, Pay, …): large, filled, the accent colour. */
export function SubmitButton(props: Omit<ButtonProps, 'type' | 'variant' | 'color' | 'size'>) {
  return <Button type="submit" variant="contained" color="secondary" size="large" {...props} />;
}
