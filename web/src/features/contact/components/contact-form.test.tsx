import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { ContactForm } from './contact-form.js';

async function fillIn(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(screen.getByLabelText(/Name/), 'Ana Lima');
  await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
  await user.type(
    screen.getByLabelText(/Message/),
    'Does the CX12 chain fit a 12-speed SRAM cassette?',
  );
}

describe('ContactForm', () => {
  it('requires name, a valid email and a message; the subject is optional', async () => {
    const calls = stubFetch(() => ({
      status: 201,
      body: { acknowledged: true, insertedId: 'm1' },
    }));
    const { user } = renderScreen(<ContactForm />);
    await user.click(screen.getByRole('button', { name: /Send message/ }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    expect(screen.queryByText(/Subject.*required/)).not.toBeInTheDocument();
    expect(screen.queryByText('Message successfully sent')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the message to the shop (POST /api/contact), confirms it and empties the form', async () => {
    const calls = stubFetch(() => ({
      status: 201,
      body: { acknowledged: true, insertedId: 'm1' },
    }));
    const { user } = renderScreen(<ContactForm />);
    await fillIn(user);
    await user.type(screen.getByLabelText(/Subject/), 'Chain compatibility');
    await user.click(screen.getByRole('button', { name: /Send message/ }));

    expect(await screen.findByText('Message successfully sent')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/contact',
        method: 'POST',
        body: {
          name: 'Ana Lima',
          email: 'ana@example.com',
          subject: 'Chain compatibility',
          message: 'Does the CX12 chain fit a 12-speed SRAM cassette?',
        },
      }),
    ]);
    await waitFor(() => expect(screen.getByLabelText(/Name/)).toHaveValue(''));
    // Nothing is kept in the visitor's browser any more.
    expect(localStorage.length).toBe(0);
  });

  it('only logs a failed send (docs/product.md §8.1): no toast, the text stays', async () => {
    stubFetch(() => ({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many messages in a short time' } },
    }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderScreen(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: /Send message/ }));

    await waitFor(() => expect(logged).toHaveBeenCalledOnce());
    expect(String(logged.mock.calls[0]?.[1])).toContain('Too many messages in a short time');
    expect(screen.queryByText('Message successfully sent')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveValue('Ana Lima');
  });
});
