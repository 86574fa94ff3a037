import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDeadline } from '../../../lib/format-time.js';
import { buildOrder } from '../../../testing/data.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { PaymentScreen } from './payment-screen.js';

const order = buildOrder();
const payer = { name: 'Casey Customer', email: 'customer@sprocket.test' };

type Answer = { status?: number; body?: unknown };
let answers: Record<string, Answer | (() => Answer | Promise<Answer>)>;
let calls: FetchCall[];
beforeEach(() => {
  answers = {
    'GET /api/ordered/order-1': { body: order },
    'POST /api/create-payment-intent': {
      body: {
        clientSecret: 'pi_sim_1_secret_abc',
        gateway: 'simulated',
        savesCards: true,
        savedCards: [],
      },
    },
    'POST /api/payments/simulated/confirm': {
      body: { status: 'succeeded', transactionId: 'pi_sim_1' },
    },
    'PATCH /api/ordered/order-1': { body: { acknowledged: true, modifiedCount: 1 } },
  };
  calls = stubFetch(async (call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (!answer) throw new Error(`unexpected ${call.method} ${call.url}`);
    return typeof answer === 'function' ? answer() : answer;
  });
});

function setup() {
  const view = renderScreen(<PaymentScreen orderId="order-1" payer={payer} />);
  const pay = () => screen.getByRole('button', { name: 'Pay' });
  const fill = async (label: string, value: string) => {
    await view.user.click(screen.getByLabelText(label));
    await view.user.paste(value);
  };
  const enterCard = async (number: string) => {
    await screen.findByLabelText('Card number');
    await fill('Card number', number);
    await fill('Expiry', '1234');
    await fill('CVC', '123');
  };
  return { ...view, pay, enterCard };
}

const sent = (method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

describe('PaymentScreen', () => {
  it('says an order that was not paid in time cannot be paid, and asks for no payment', async () => {
    answers['GET /api/ordered/order-1'] = {
      body: buildOrder({
        status: 'cancelled',
        cancelReason: 'expired',
        cancelledAt: '2026-01-01T00:30:00.000Z',
        expiresAt: '2026-01-01T00:30:00.000Z',
      }),
    };
    setup();
    expect(
      await screen.findByText('This order was not paid in time and has been cancelled'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrder',
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(sent('POST', '/api/create-payment-intent')).toHaveLength(0);
  });

  it('says until when the parts are held', async () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
    answers['GET /api/ordered/order-1'] = { body: buildOrder({ expiresAt }) };
    setup();
    expect(
      await screen.findByText(
        `Pay by ${formatDeadline(expiresAt, new Date())}: the parts are held for you until then.`,
      ),
    ).toBeInTheDocument();
  });

  it('greets the payer and shows what to pay for, with the test-payments notice', async () => {
    setup();
    expect(await screen.findByText('Hello, Casey Customer')).toBeInTheDocument();
    expect(screen.getByText(/Please Pay for/)).toHaveTextContent(
      'Please Pay for Velotrack CX12 Chain',
    );
    expect(screen.getByText(/Quantity:/)).toHaveTextContent('Quantity: 2');
    expect(screen.getByText('Please pay: $31.80')).toBeInTheDocument();
    expect(screen.getByText('Test payments — no real card is charged')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(sent('POST', '/api/create-payment-intent')[0]?.body).toEqual({
      orderId: 'order-1',
      totalPrice: 3180,
    });
  });

  it('keeps Pay disabled until the client secret arrives', async () => {
    let release: (answer: Answer) => void = () => undefined;
    answers['POST /api/create-payment-intent'] = () =>
      new Promise<Answer>((resolve) => {
        release = resolve;
      });
    const { pay } = setup();
    await screen.findByText('Hello, Casey Customer');
    expect(pay()).toBeDisabled();

    release({ body: { clientSecret: 'pi_sim_1_secret_abc', gateway: 'simulated' } });
    await waitFor(() => expect(pay()).toBeEnabled());
  });

  it('shows the API message when no payment intent can be made, and stays disabled', async () => {
    answers['POST /api/create-payment-intent'] = {
      status: 501,
      body: { error: { code: 'not_implemented', message: 'Payments are not available yet' } },
    };
    const { pay } = setup();
    expect(await screen.findByText('Payments are not available yet')).toBeInTheDocument();
    expect(pay()).toBeDisabled();
  });

  it('pays with the test card, marks the order paid and shows the transaction id', async () => {
    const { pay, enterCard, user } = setup();
    await enterCard('4242424242424242');
    await waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_sim_1');
    expect(sent('POST', '/api/payments/simulated/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_sim_1_secret_abc',
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      billingName: 'Casey Customer',
      billingEmail: 'customer@sprocket.test',
    });
    expect(sent('PATCH', '/api/ordered/order-1')[0]?.body).toEqual({ transactionId: 'pi_sim_1' });
  });

  it("shows the card's error in red and marks nothing when the card is declined", async () => {
    answers['POST /api/payments/simulated/confirm'] = {
      status: 402,
      body: { error: { code: 'card_error', message: 'Your card was declined.' } },
    };
    const { pay, enterCard, user } = setup();
    await enterCard('4000000000000002');
    await waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());

    const message = await screen.findByText('Your card was declined.');
    expect(message).toHaveAttribute('role', 'alert');
    expect(sent('PATCH', '/api/ordered/order-1')).toHaveLength(0);
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
  });

  it('saves the card when "Save this card for next time" is ticked', async () => {
    const { pay, enterCard, user } = setup();
    await enterCard('4242424242424242');
    await user.click(screen.getByLabelText('Postal code'));
    await user.paste('10115');
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for next time' }));
    await user.click(pay());
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(sent('POST', '/api/payments/simulated/confirm')[0]?.body).toMatchObject({
      billingPostalCode: '10115',
      savePaymentMethod: true,
    });
  });

  it('offers no saving for a guest intent', async () => {
    answers['POST /api/create-payment-intent'] = {
      body: {
        clientSecret: 'pi_sim_1_secret_abc',
        gateway: 'simulated',
        savesCards: false,
        savedCards: [],
      },
    };
    setup();
    await screen.findByLabelText('Card number');
    expect(
      screen.queryByRole('checkbox', { name: 'Save this card for next time' }),
    ).not.toBeInTheDocument();
  });

  it('pays with the newest saved card at one tap on Pay, with no card fields shown', async () => {
    answers['POST /api/create-payment-intent'] = {
      body: {
        clientSecret: 'pi_sim_1_secret_abc',
        gateway: 'simulated',
        savesCards: true,
        // The saved cards come with the intent: paying asks for nothing more (issue 22).
        savedCards: [
          { id: 'pm_new', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, wallet: null },
          {
            id: 'pm_old',
            brand: 'mastercard',
            last4: '4444',
            expMonth: 1,
            expYear: 2031,
            wallet: null,
          },
        ],
      },
    };
    const { pay, user } = setup();
    const newest = await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/34' });
    expect(newest).toBeChecked();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(sent('POST', '/api/payments/simulated/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_sim_1_secret_abc',
      paymentMethodId: 'pm_new',
      billingName: 'Casey Customer',
      billingEmail: 'customer@sprocket.test',
    });
  });

  it('shows the authentication step for a 3-D Secure card, and pays once it is completed', async () => {
    answers['POST /api/payments/simulated/confirm'] = {
      body: { status: 'requires_action', transactionId: 'pi_sim_1' },
    };
    answers['POST /api/payments/simulated/authenticate'] = {
      body: { status: 'succeeded', transactionId: 'pi_sim_1' },
    };
    const { pay, enterCard, user } = setup();
    await enterCard('4000002760003184');
    await user.click(pay());
    const step = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    expect(step).toBeInTheDocument();
    expect(sent('PATCH', '/api/ordered/order-1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(sent('POST', '/api/payments/simulated/authenticate')[0]?.body).toEqual({
      clientSecret: 'pi_sim_1_secret_abc',
      outcome: 'complete',
    });
  });

  it("shows Stripe's message when the authentication fails, and Pay can be tried again", async () => {
    answers['POST /api/payments/simulated/confirm'] = {
      body: { status: 'requires_action', transactionId: 'pi_sim_1' },
    };
    const failed =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    answers['POST /api/payments/simulated/authenticate'] = {
      status: 402,
      body: { error: { code: 'card_error', message: failed } },
    };
    const { pay, enterCard, user } = setup();
    await enterCard('4000002760003184');
    await user.click(pay());
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect(await screen.findByText(failed)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pay()).toBeEnabled();
    expect(sent('PATCH', '/api/ordered/order-1')).toHaveLength(0);
  });

  it('pays with the test wallet (standing for Apple Pay / Google Pay) without any card field', async () => {
    const { pay, user } = setup();
    await user.click(
      await screen.findByRole('radio', { name: 'Test wallet (Apple Pay / Google Pay)' }),
    );
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(sent('POST', '/api/payments/simulated/confirm')[0]?.body).toMatchObject({
      wallet: 'google_pay',
    });
  });
});
