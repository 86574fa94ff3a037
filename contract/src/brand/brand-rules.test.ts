/** The brand's colour rules (docs/decisions/104): every accent the form takes reads. */
import { describe, expect, it } from 'vitest';
import {
  accentProblem,
  accentHover,
  accentShades,
  BRAND_DEFAULTS,
  brandMessages,
  contrastRatio,
  HEADER_BACKGROUND,
  isSocialUrl,
  onAccentText,
  PAGE_BACKGROUND,
  TEXT_CONTRAST,
} from './brand-rules.js';

describe('the accent colour', () => {
  it('is measured as WCAG 2.1 measures contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('gets white text where white reads, else dark: 4.5:1 either way', () => {
    expect(onAccentText('#1565c0')).toBe('#ffffff');
    expect(onAccentText(BRAND_DEFAULTS.accent)).toBe('#1b1206');
    // Grey in the middle, where neither white nor the ink reach 4.5:1 but black does.
    for (const accent of ['#777777', '#808080', '#e8772e', '#00a651', '#6a1b9a', '#ff8c00']) {
      expect(contrastRatio(accent, onAccentText(accent))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('has shades that read on the header and on white, whatever the colour', () => {
    for (const accent of ['#e8772e', '#0e4a52', '#1565c0', '#111111', '#ff8c00', '#c0392b']) {
      const shades = accentShades(accent);
      expect(contrastRatio(shades.light, HEADER_BACKGROUND)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(shades.dark, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('moves away from its text under the pointer, so the text reads better there', () => {
    for (const accent of ['#e8772e', '#1565c0', '#00a651', '#6a1b9a', '#ff8c00', '#777777']) {
      const shades = accentShades(accent);
      expect(shades.hover).not.toBe(shades.main);
      expect(contrastRatio(shades.hover, shades.contrastText)).toBeGreaterThan(
        contrastRatio(shades.main, shades.contrastText),
      );
    }
    // The default accent's dark text read 4.0:1 on the `dark` shade MUI's buttons hover to.
    const orange = accentShades(BRAND_DEFAULTS.accent);
    expect(contrastRatio(orange.dark, orange.contrastText)).toBeLessThan(TEXT_CONTRAST);
    expect(orange.hover).toBe(accentHover(BRAND_DEFAULTS.accent));
  });

  it('is refused when it is not #rrggbb, or too pale to stand out from the page', () => {
    expect(accentProblem('#E8772E')).toBeNull();
    expect(accentProblem('orange')).toBe(brandMessages.accentPattern);
    expect(accentProblem('#fff')).toBe(brandMessages.accentPattern);
    expect(accentProblem('#fafafa')).toBe(brandMessages.accentTooPale('#fafafa'));
    // The darker shade the refusal suggests is taken.
    const suggested = /Try (#[0-9a-f]{6})$/.exec(brandMessages.accentTooPale('#ffd400'))?.[1];
    expect(suggested && accentProblem(suggested)).toBeNull();
    expect(contrastRatio(suggested ?? '', PAGE_BACKGROUND)).toBeGreaterThanOrEqual(3);
  });
});

describe('a social link', () => {
  it("is a web address on the network's own site", () => {
    expect(isSocialUrl('instagram', 'https://www.instagram.com/velonord')).toBe(true);
    expect(isSocialUrl('x', 'https://twitter.com/velonord')).toBe(true);
    expect(isSocialUrl('instagram', 'https://instagram.com.evil.example/velonord')).toBe(false);
    expect(isSocialUrl('instagram', 'https://www.facebook.com/velonord')).toBe(false);
    expect(isSocialUrl('strava', 'javascript:alert(1)//strava.com')).toBe(false);
    expect(isSocialUrl('youtube', 'https://user@youtube.com/@velonord')).toBe(true);
  });
});
