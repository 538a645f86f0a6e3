// On a loaded CI machine one statement can outlast a service's 5 s query timeout (a checkpoint of another
// suite's CREATE DATABASE, say): the service then answers 503 with Retry-After, as it is built to. Where a
// test needs a request's real answer, not the stall's, it retries that answer as a client would, a few times
// after a short wait. A 503 that persists is returned as it is, so the test still sees it.
const RETRIES = 3;
const WAIT_MS = 1_000;

export async function pastTransientUnavailable<T extends { status: number }>(request: () => Promise<T>): Promise<T> {
  let answer = await request();
  for (let retry = 0; retry < RETRIES && answer.status === 503; retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    answer = await request();
  }
  return answer;
}
