/**
 * What other features may use of orders on the server (decision 0030): functions that take a transaction
 * handle, and the tables other features read in joins (only orders writes them).
 */
export { platformFeeCents, pricingRules } from './commerce-rules';
export { grantReward } from './ledger-commands';
export { paidWithCardOf } from './shared-card-repository';
export { readLedger, readLifetimeSpending } from './ledger-repository';
export { type PaymentLookup, type PaymentProvider } from './payments/payment-provider';

export { paymentProviderFromEnv } from './payments/payment-providers';
export { createTestPaymentProvider } from './payments/test-provider';
export { designerEarnings, downloadEvents, orderLines, orders, pointsLedger } from './schema';
export {
  chargeServiceOrder,
  fulfilServiceOrder,
  insertPendingServiceOrder,
  refundServiceOrder,
} from './service-order-commands';
export { recordDesignerPayment, type PaidService } from './earnings-repository';
export { checkoutTestCards } from '../components/checkout-texts';
