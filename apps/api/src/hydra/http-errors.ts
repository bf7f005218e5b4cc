import { DomainError, excerpt } from "../errors.ts";

/** 4xx answers of the Hydra layer; rendered by the one error handler in errors.ts. */
export class BadRequestError extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(contentType: string | undefined, supported: readonly string[]) {
    super(
      415,
      `The content-type "${excerpt(contentType ?? "")}" is not supported. Supported MIME types are "${supported.join('", "')}".`,
    );
  }
}
