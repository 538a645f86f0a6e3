export interface LoginDelayPolicy {
  /** Failures for one user name (from all addresses, this window) before attempts start to wait. */
  afterFailures: number;
  baseMilliseconds: number;
  maxMilliseconds: number;
}

// How long an attempt for a user name waits before its password is checked, given the failures
// already counted for that name: nothing below the threshold, then the base doubling with every
// further failure (250 ms, 500 ms, 1 s, ...) up to the cap.
export function loginDelayMilliseconds(failures: number, policy: LoginDelayPolicy): number {
  const beyond = failures - policy.afterFailures;
  if (beyond < 0 || policy.baseMilliseconds === 0) return 0;
  // The exponent is bounded so the product stays finite; the cap applies long before.
  return Math.min(policy.maxMilliseconds, policy.baseMilliseconds * 2 ** Math.min(beyond, 30));
}
