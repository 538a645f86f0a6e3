// A failure that already knows its HTTP status: thrown by shared middleware (body parsing, auth
// plumbing) before a service's own domain code runs. Services map their own AppError themselves.
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
