/** What other features may use of orders's rules and types, on the server and in the browser (decision 0030). */
export { cardInputSchema, idempotencyKeySchema } from './card-input';
export { priceCart, type CartPricing } from './cart-pricing';
export { type OrderStatus } from './commerce-states';
export { assertTransition, ownedStatuses } from './order-lifecycle';
export { paymentFailureKeys } from './payment-failures';
export {
  balanceOf,
  dueExpiries,
  expiresInDays,
  loyaltyLevelOf,
  pointsEarnedFor,
  type LedgerEntry,
} from './points-ledger';
