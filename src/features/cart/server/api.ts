/**
 * What other features may use of cart on the server (decision 0030): functions that take a transaction
 * handle, and the tables other features read in joins (only cart writes them).
 */
export { cartItems } from './schema';
export {
  deleteModelFromCarts,
  deletePurchasedCartItems,
  emptyCart,
  putInCart,
  returnToCart,
} from './repository';
