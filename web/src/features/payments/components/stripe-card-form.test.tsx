/**
 * The Stripe payment element's states, with stripe.js stood in for (no network here): what is
 * sent to stripe.confirmPayment for a saved card, a new card kept with "Save this card for next
 * time", and Stripe's refusal shown in red. What Stripe does with it is Stripe's side.
 */
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render.js';
import StripeCardForm from './stripe-card-form.js';

const confirmPayment = vi.fn();
const submit = vi.fn();
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.resolve(null) }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ children }: { children: ReactNode }) => children,
    ExpressCheckoutElement: () => null,
    PaymentElement: ({ onReady }: { onReady: () => void }) => {
      useEffect(() => onReady(), [onReady]);
      return <div data-testid="payment-element" />;
    },
    useStripe: () => ({ confirmPayment }),
    useElements: () => ({ submit }),
  };
});

const saved = {
  id: 'pm_saved',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  wallet: null,
};
const onConfirmed = vi.fn();
beforeEach(() => {
  confirmPayment.mockReset();
  submit.mockReset().mockResolvedValue({});
  onConfirmed.mockReset();
});

function setup(savedCards = [saved]) {
  return renderScreen(
    <StripeCardForm
      publishableKey="pk_test_standin"
      clientSecret="pi_1_secret_x"
      billing={{ name: 'Casey Customer', email: 'customer@sprocket.test' }}
      savesCards
      savedCards={savedCards}
      onConfirmed={onConfirmed}
    />,
  );
}

describe('StripeCardForm', () => {
  it('pays with the chosen saved card through confirmPayment, without the element', async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { user } = setup();
    expect(screen.getByRole('radio', { name: 'Visa •••• 4242, expires 12/34' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('pi_1'));
    expect(submit).not.toHaveBeenCalled();
    expect(confirmPayment).toHaveBeenCalledWith({
      clientSecret: 'pi_1_secret_x',
      confirmParams: { payment_method: 'pm_saved', return_url: window.location.href },
      redirect: 'if_required',
    });
  });

  it('submits the element and asks Stripe to save a new card when ticked', async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { user } = setup([]);
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for next time' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('pi_1'));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        clientSecret: 'pi_1_secret_x',
        redirect: 'if_required',
        confirmParams: expect.objectContaining({
          setup_future_usage: 'off_session',
          payment_method_data: {
            billing_details: { name: 'Casey Customer', email: 'customer@sprocket.test' },
          },
        }),
      }),
    );
  });

  it("shows Stripe's message in red and confirms nothing when the payment is refused", async () => {
    confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const { user } = setup([]);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(onConfirmed).not.toHaveBeenCalled();
    const [[sent]] = confirmPayment.mock.calls as [[{ confirmParams: object }]];
    expect(sent.confirmParams).not.toHaveProperty('setup_future_usage');
  });
});
