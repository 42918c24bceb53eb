/** Names shared by the server's CSRF check and the browser's requests (decision 0019). */
export const csrfCookieName = '__Host-csrf';
export const csrfHeaderName = 'x-csrf-token';
export const csrfTokenPath = '/api/internal/csrf';
