/** What other features may use of conversations's rules and types, on the server and in the browser (decision 0030). */
export {
  checkAttachmentRequest,
  messageBodyMaxLength,
  validateMessageBody,
  type AttachmentRequestRefusal,
} from './conversation-message';
export { shownMessageText, systemMessageCodes, type SystemMessageCode } from './conversation-types';
