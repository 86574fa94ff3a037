import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from './sanitize-html.js';

describe('sanitizeMailHtml', () => {
  it("keeps the shop's own mail as it is", () => {
    const html =
      '<p>Hello Casey,<br>thank you.</p><table cellpadding="4"><tr><td>2 × Chain</td><td align="right">$31.80</td></tr></table>';
    expect(sanitizeMailHtml(html)).toBe(
      '<p>Hello Casey,<br>thank you.</p><table><tbody><tr><td>2 × Chain</td><td align="right">$31.80</td></tr></tbody></table>',
    );
  });

  it('drops scripts, styles, frames, images and event handlers', () => {
    const html =
      '<p onclick="steal()">Hi<script>steal()</script></p><style>p{}</style><iframe src="https://evil.example"></iframe><img src="x" onerror="steal()"><svg><script>1</script></svg>';
    expect(sanitizeMailHtml(html)).toBe('<p>Hi</p>');
  });

  it('keeps links to web and mail addresses only, opening elsewhere', () => {
    expect(
      sanitizeMailHtml(
        '<a href="https://shop.example/orders/1">Your order</a> <a href="javascript:steal()">Click</a>',
      ),
    ).toBe(
      '<a href="https://shop.example/orders/1" target="_blank" rel="noopener noreferrer">Your order</a> <a>Click</a>',
    );
  });

  it('keeps the text of unknown elements and escapes what it writes', () => {
    expect(sanitizeMailHtml('<custom-tag>1 &lt; 2 &amp; <u>more</u></custom-tag>')).toBe(
      '1 &lt; 2 &amp; more',
    );
  });
});
