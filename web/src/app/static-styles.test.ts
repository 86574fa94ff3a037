import { describe, expect, it } from 'vitest';
import { addStaticStyles, STATIC_STYLES_ID } from './static-styles.js';

describe('the storefront static CSS', () => {
  it('is added once to a page the browser renders itself, with the cards’ and the stars’ rules', () => {
    addStaticStyles(document);
    addStaticStyles(document);

    const styles = document.head.querySelectorAll(`style#${STATIC_STYLES_ID}`);
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toContain('.part-card {');
    expect(styles[0]?.textContent).toContain('.part-rating {');
    expect(styles[0]?.textContent).toContain('.stars {');
    styles[0]?.remove();
  });
});
