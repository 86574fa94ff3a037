/** What every card field (Stripe Elements or the simulated one) needs from the payment page. */
export interface CardFormProps {
  /** null until the payment intent arrives; Pay stays disabled until then (spec §4). */
  clientSecret: string | null;
  billing: { name: string; email: string };
  /** Called with the payment intent's id once the provider says the payment succeeded. */
  onConfirmed: (transactionId: string) => void;
}
