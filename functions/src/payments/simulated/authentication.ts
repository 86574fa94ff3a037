/** The 3-D Secure answer to an intent in requires_action: paid with the waiting card or refused. */
import {
  intentWithSecret,
  parseClientSecret,
  refuse,
  requestError,
  settlement,
  type ConfirmCardResult,
  type ConfirmOutcome,
} from './confirmation.js';
import type { SimulatedContext } from './context.js';
import { customerIn } from './customers.js';
import { AUTHENTICATION_FAILED } from './test-cards.js';

/** What the simulated 3-D Secure page sends: the intent's client secret and the button pressed. */
export interface AuthenticationAnswer {
  clientSecret: string;
  outcome: 'complete' | 'fail';
}

export function authentication(
  context: SimulatedContext,
): (input: AuthenticationAnswer) => Promise<ConfirmCardResult> {
  const { store } = context;
  const { succeed, finish } = settlement(context);

  return async function authenticate({ clientSecret, outcome: answer }) {
    const secret = parseClientSecret(clientSecret);
    if (!secret) {
      return requestError('parameter_invalid_string', 'Invalid client secret.', 'client_secret');
    }
    const { intentId } = secret;
    const outcome = await store.runTransaction<ConfirmOutcome>(async (tx) => {
      const read = await intentWithSecret(tx, secret);
      if ('error' in read) return read;
      const { intent } = read;
      if (intent.status !== 'requires_action' || !intent.pendingCard) {
        return requestError(
          'payment_intent_unexpected_state',
          `This PaymentIntent has a status of ${intent.status}: there is nothing to authenticate.`,
        );
      }
      const customer = await customerIn(tx, intent.customerId);
      if (answer === 'fail') return refuse(tx, intentId, intent, AUTHENTICATION_FAILED);
      return succeed(tx, intentId, intent, intent.pendingCard, customer);
    });
    return finish(outcome);
  };
}
