import { screen, waitFor, within } from '@testing-library/react';
import type { ContactMessage } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { MessagesList, replyHref } from './messages-list.js';

const message: ContactMessage = {
  _id: 'message-1',
  name: 'Ana Lima',
  email: 'ana@example.com',
  subject: 'Chain fit',
  message: 'Does the CX12 chain fit\na 12-speed cassette?',
  createdAt: '2026-01-01T09:00:00.000Z',
  handled: false,
};

describe('MessagesList', () => {
  it('shows the message with a reply by email, and marks it handled', async () => {
    const calls = stubFetch(() => ({
      body: { ...message, handled: true, handledAt: '2026-01-01T10:00:00.000Z' },
    }));
    const { user } = renderScreen(<MessagesList messages={[message]} />);
    const card = within(screen.getByRole('listitem', { name: 'Ana Lima: Chain fit' }));
    expect(card.getByText('New')).toBeInTheDocument();
    expect(card.getByText(/Does the CX12 chain fit/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      replyHref(message, 'Sprocket'),
    );

    await user.click(card.getByRole('button', { name: 'Mark handled' }));
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/contact-messages/message-1',
        method: 'PATCH',
        body: { handled: true },
      }),
    ]);
  });

  it('writes the reply to the sender, quoting their message', () => {
    const href = replyHref(message, 'Sprocket');
    expect(href.startsWith('mailto:ana%40example.com?subject=Re%3A%20Chain%20fit&body=')).toBe(
      true,
    );
    const body = decodeURIComponent(href.slice(href.indexOf('body=') + 5));
    expect(body).toBe('Hello Ana Lima,\n\n\n\n> Does the CX12 chain fit\n> a 12-speed cassette?');
  });

  it('says when there are no messages', async () => {
    renderScreen(<MessagesList messages={[]} />);
    await waitFor(() => expect(screen.getByText('No messages yet.')).toBeInTheDocument());
  });
});
