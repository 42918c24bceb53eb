/** What other parts of the app may use of custom-model requests on the server (decision 0030). */
export { settleCustomModelPayment } from './payment-commands';
