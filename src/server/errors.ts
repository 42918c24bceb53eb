/** Typed errors thrown inside the app; pages and route handlers map codes to statuses. */
export const errorCodes = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHORIZED: 401,
  BAD_REQUEST: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  DATABASE_UNAVAILABLE: 503,
  CONFIGURATION: 500,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** For RATE_LIMITED: seconds until the limit lets the client through again (`Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return errorCodes[this.code];
  }
}

/** Headers an error's answer carries: every 429 says when to try again (RFC 9110 §10.2.3). */
export function errorHeaders(error: AppError): Record<string, string> {
  if (error.code !== 'RATE_LIMITED') return {};
  return { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60))) };
}
