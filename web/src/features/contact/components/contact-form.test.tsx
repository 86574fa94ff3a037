import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '../../../config/env.js';
import { env } from '../../../config/env.js';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { CONTACT_OUTBOX_KEY } from '../api/send-contact-message.js';
import { ContactForm } from './contact-form.js';

// A mutable copy of the settings, so each test can choose whether an endpoint is configured.
vi.mock('../../../config/env.js', async (importOriginal) => {
  const original = await importOriginal<typeof EnvModule>();
  return { ...original, env: { ...original.env } };
});

afterEach(() => {
  env.contactEndpoint = null;
});

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
    const { user } = renderScreen(<ContactForm />);
    await user.click(screen.getByRole('button', { name: /Send message/ }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    expect(screen.queryByText(/Subject.*required/)).not.toBeInTheDocument();
    expect(screen.queryByText('Message successfully sent')).not.toBeInTheDocument();
  });

  it('without an endpoint keeps the message in the browser and confirms it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { user } = renderScreen(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: /Send message/ }));

    expect(await screen.findByText('Message successfully sent')).toBeInTheDocument();
    const outbox = JSON.parse(localStorage.getItem(CONTACT_OUTBOX_KEY) ?? '[]');
    expect(outbox).toEqual([
      expect.objectContaining({
        name: 'Ana Lima',
        email: 'ana@example.com',
        subject: '',
        message: 'Does the CX12 chain fit a 12-speed SRAM cassette?',
      }),
    ]);
    expect(info).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByLabelText(/Name/)).toHaveValue(''));
  });

  it('POSTs the message to the configured endpoint', async () => {
    env.contactEndpoint = 'https://forms.example.com/sprocket';
    const calls = stubFetch(() => ({ status: 200, body: { ok: true } }));
    const { user } = renderScreen(<ContactForm />);
    await fillIn(user);
    await user.type(screen.getByLabelText(/Subject/), 'Chain compatibility');
    await user.click(screen.getByRole('button', { name: /Send message/ }));

    expect(await screen.findByText('Message successfully sent')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: 'https://forms.example.com/sprocket',
        method: 'POST',
        body: {
          name: 'Ana Lima',
          email: 'ana@example.com',
          subject: 'Chain compatibility',
          message: 'Does the CX12 chain fit a 12-speed SRAM cassette?',
        },
      }),
    ]);
  });

  it('only logs a failed send (spec §8): no toast, the text stays', async () => {
    env.contactEndpoint = 'https://forms.example.com/sprocket';
    stubFetch(() => ({ status: 503 }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderScreen(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: /Send message/ }));

    await waitFor(() => expect(logged).toHaveBeenCalledOnce());
    expect(String(logged.mock.calls[0]?.[1])).toContain('HTTP 503');
    expect(screen.queryByText('Message successfully sent')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveValue('Ana Lima');
  });
});
