import { screen, within } from '@testing-library/react';
import type { Mail } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render.js';
import { Mailbox } from './mailbox.js';

const shipped: Mail = {
  _id: 'mail-2',
  to: 'customer@sprocket.test',
  message: {
    subject: 'Your Sprocket order is on its way',
    text: 'Hello Casey,\n\nDHL  JD0002',
    html: '<p>Hello Casey,</p><table><tr><td>DHL</td><td align="right">JD0002</td></tr></table><script>alert(1)</script>',
  },
  kind: 'order_shipped',
  about: 'order-7',
  createdAt: '2026-01-02T09:00:00.000Z',
};
const contact: Mail = {
  _id: 'mail-1',
  to: 'shop@sprocket.test',
  replyTo: 'ana@example.com',
  message: { subject: 'Contact: Chain fit', text: 'Does it fit?', html: '<p>Does it fit?</p>' },
  kind: 'shop_contact_message',
  about: 'message-1',
  createdAt: '2026-01-01T09:00:00.000Z',
};

describe('Mailbox', () => {
  it('lists every mail and opens the newest as the email would look, without its scripts', async () => {
    const { user } = renderScreen(<Mailbox mails={[shipped, contact]} />);
    const list = within(screen.getByRole('list', { name: 'Mail' }));
    expect(list.getAllByRole('button').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Your Sprocket order is on its way'),
      expect.stringContaining('Contact: Chain fit'),
    ]);

    const view = within(screen.getByTestId('mail-view'));
    expect(view.getByRole('heading', { name: 'Your Sprocket order is on its way' })).toBeVisible();
    expect(view.getByText('customer@sprocket.test')).toBeInTheDocument();
    const html = screen.getByTestId('mail-html');
    expect(html).toHaveTextContent('Hello Casey,DHLJD0002');
    expect(html.querySelector('script')).toBeNull();

    await user.click(view.getByRole('button', { name: 'Plain text' }));
    expect(screen.getByTestId('mail-text').textContent).toBe('Hello Casey,\n\nDHL  JD0002');

    await user.click(list.getByRole('button', { name: /Contact: Chain fit/ }));
    const other = within(screen.getByTestId('mail-view'));
    expect(other.getByRole('heading', { name: 'Contact: Chain fit' })).toBeVisible();
    expect(other.getByText('ana@example.com')).toBeInTheDocument();
  });

  it('says when there is no mail', () => {
    renderScreen(<Mailbox mails={[]} />);
    expect(screen.getByText('No mail yet.')).toBeInTheDocument();
  });
});
