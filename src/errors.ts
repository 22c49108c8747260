/**
 * The closed set of errors a service may throw. `src/http/error-response.ts` maps each to a
 * status and body in one place; anything else becomes a logged 500 "Internal server error".
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra top-level body fields, e.g. `errors`, `inaccessibleTypes`, `activeExecutions`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, errors?: string[], extra: Record<string, unknown> = {}) {
    super(400, message, errors ? { errors, ...extra } : extra);
  }
}

/** A request body or query that failed validation: `{message: "Validation error", errors: [...]}`. */
export class ValidationError extends BadRequestError {
  constructor(errors: string[]) {
    super('Validation error', errors);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Invalid API key') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(message: string) {
    super(405, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, message, extra);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
