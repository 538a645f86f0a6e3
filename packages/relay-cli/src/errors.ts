/** Exit codes: 0 done, 1 failed (API, network, a broken audit chain), 2 wrong usage. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** An error meant for the user: printed as one line, without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
  }
}

/** An error answer of the REST API: `{"error": {"code", "message"}}`. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message, EXIT_FAILURE);
  }
}
