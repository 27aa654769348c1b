/**
 * A business rule said no. The message is Italian and meant for the user; the status is the
 * HTTP answer it maps to (design §4: 401, 403, 404, 409, 422, 429).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 = 422,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
