/** What other parts of the app may use of freelance projects on the server (decision 0030). */
export { settleProjectPayment } from './acceptance-commands';
