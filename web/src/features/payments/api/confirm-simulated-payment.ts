import {
  apiPaths,
  type SimulatedAuthenticateRequest,
  type SimulatedConfirmRequest,
  type SimulatedConfirmResult,
} from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { orderLinkOfSecret } from '../../../lib/order-links.js';

/**
 * The simulated gateway's stand-in for Stripe's confirmPayment: a declined card comes back as an
 * ApiError whose message is the card's error ("Your card was declined."); a card that needs 3-D
 * Secure comes back with status 'requires_action'.
 */
export const confirmSimulatedPayment = (request: SimulatedConfirmRequest) =>
  api.post<SimulatedConfirmResult>(apiPaths.simulatedConfirm(), request, {
    // A guest's intent is confirmed with its order's private link (decision 066).
    orderToken: orderLinkOfSecret(request.clientSecret),
  });

/** The simulated 3-D Secure page's answer: paid, or refused with Stripe's message. */
export const authenticateSimulatedPayment = (request: SimulatedAuthenticateRequest) =>
  api.post<SimulatedConfirmResult>(apiPaths.simulatedAuthenticate(), request, {
    orderToken: orderLinkOfSecret(request.clientSecret),
  });

/** The card form shows the provider's message in red (docs/product.md §2.13), not as a toast. */
export const useConfirmSimulatedPayment = () =>
  useMutation({ mutationFn: confirmSimulatedPayment, meta: { errorToast: false } });

export const useAuthenticateSimulatedPayment = () =>
  useMutation({ mutationFn: authenticateSimulatedPayment, meta: { errorToast: false } });
