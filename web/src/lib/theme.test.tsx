import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { accentShades } from '@sprocket/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createShopTheme } from './theme.js';

/** The rules emotion wrote for the page so far, as one text without spaces. */
const pageStyles = () =>
  [...document.querySelectorAll('style')]
    .map((style) => style.textContent ?? '')
    .join('')
    .replace(/\s+/g, '');

describe("the shop's theme", () => {
  it.each([
    ['the default orange, under dark text', '#e8772e'],
    ['a blue, under white text', '#1565c0'],
  ])('hovers a button in the accent to the shade away from its text: %s', (_, accent) => {
    const { hover, dark, contrastText } = accentShades(accent);
    render(
      <ThemeProvider theme={createShopTheme(undefined, accent)}>
        <Button variant="contained" color="secondary">
          Place order and pay
        </Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Place order and pay' });
    const styles = pageStyles();
    const rulesOf = (className: string) =>
      styles.split('}').filter((rule) => rule.includes(`.${className}`));
    const hoverRules = button.className
      .split(' ')
      .flatMap(rulesOf)
      .filter((rule) => rule.includes(':hover{--variant-containedBg'));
    // MUI's own hover to `dark` comes first; the theme's, written after it, wins.
    expect(hoverRules.at(-1)).toContain(`--variant-containedBg:${hover}`);
    expect(hover).not.toBe(dark);
    expect(styles).toContain(`--variant-containedColor:${contrastText}`);
  });
});
