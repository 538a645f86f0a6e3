// Verification results in words: what failed, and what usually causes it.

const CAUSES: Record<string, string> = {
  missing_header: 'the signature header is missing: the sender did not sign this request, or a proxy dropped the header',
  malformed_signature: 'the signature header is there but cannot be read: a proxy may have rewritten it, or the provider setting is wrong',
  timestamp_too_old: 'the signed timestamp is too old: the request was replayed, delayed in a queue, or a clock is wrong',
  timestamp_in_future: 'the signed timestamp is in the future: a clock is wrong on the sender or here',
  wrong_secret: 'no configured secret produces this signature: the secret is wrong, rotated, or belongs to another endpoint',
  body_modified: 'the body differs from what was signed',
  no_secret_configured: 'the endpoint has a provider but no secret: add the signing secret the provider shows you',
  unknown_provider: "the endpoint's provider is not in the registry: choose a provider the relay knows",
};

const EVIDENCE: Record<string, string> = {
  reencoded_json: 're-encoded JSON (something parsed and serialised the body again on its way here)',
  trailing_whitespace: 'whitespace added or removed at the end',
  body_hash_claim: "the body's hash in the signed token does not match",
  body_sha256_parameter: "the body's SHA-256 in the signed URL does not match",
};

/** One sentence for a verification state and cause (detail adds the evidence when there is some). */
export function explainVerification(
  state: string | null,
  cause: string | null,
  detail?: Record<string, unknown> | null,
  pending = false,
): string {
  if (pending) return 'the check is still due: it runs right after capture';
  if (state === 'verified') return "the signature matches one of the endpoint's secrets";
  if (state === 'authenticated') return 'the sender proved who it is (a shared secret or token), but the body is not signed';
  if (state === 'unattempted') {
    const detected = detail?.detected_provider;
    return detected
      ? `nothing was checked: the endpoint has no provider, but the headers look like ${String(detected)}; set it to verify`
      : 'nothing was checked: the endpoint has no provider set';
  }
  const base = (cause && CAUSES[cause]) || `the check failed${cause ? ` (${cause})` : ''}`;
  const evidence = typeof detail?.evidence === 'string' ? EVIDENCE[detail.evidence] : undefined;
  if (cause === 'body_modified' && evidence) return `${base}: ${evidence}`;
  if (cause === 'timestamp_too_old' && typeof detail?.skewSeconds === 'number') return `${base} (${detail.skewSeconds} s off)`;
  return base;
}
