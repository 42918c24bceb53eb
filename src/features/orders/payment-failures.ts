/**
 * The message key (in orders.Checkout) of each way a payment can fail: `{kind}_{code}` of a failed
 * payment's outcome (server/payments/payment-provider.ts has the codes). Every payment form shows these.
 */
export const paymentFailureKeys = [
  'declined_card_declined',
  'declined_insufficient_funds',
  'declined_expired_card',
  'declined_incorrect_cvc',
  'declined_incorrect_number',
  'failed_processing_error',
  'failed_provider_unavailable',
] as const;
