/** Sent on `window` when the user read messages, so the header widget refreshes its count at once. */
export const conversationsReadEvent = 'conversations:read';
