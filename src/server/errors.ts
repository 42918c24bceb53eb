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
  ) {
    super(message);
  }

  get status(): number {
    return errorCodes[this.code];
  }
}
