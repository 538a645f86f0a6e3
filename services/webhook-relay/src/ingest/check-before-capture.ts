import type { CaptureCheck } from '../db/functions/relay-capture-batch.js';
import { checkRequest, urlOf, verifiedAtOf } from '../domain/events/verify-captured-events.js';
import type { VerificationSettingsCache } from '../domain/events/verification-settings.js';
import type { Runtime } from '../domain/runtime.js';
import type { CapturedRequestView } from '../verification/types.js';

export interface CheckBeforeCaptureDeps {
  settings: VerificationSettingsCache;
  runtime: Runtime;
  /** The public base of ingest URLs: providers that sign the URL signed this one. */
  ingestBase: string;
  /** A background read of an endpoint's settings failed (the request is checked after its commit instead). */
  onReadError: (error: unknown) => void;
}

/** A request as ingest holds it before its commit. */
export interface RequestToCheck {
  method: string;
  /** The path as called, with the token. */
  path: string;
  query: string;
  headers: Array<[string, string]>;
  body: Buffer;
}

/**
 * A signature check made while the request waits for its commit, so that the capture statement records it in the
 * same commit (no statement, transaction and read-back of its own; docs/verification.md). Only with settings already
 * held in memory: capture never waits on a read for verification. When they are not held, they are read in the
 * background for the endpoint's next requests, and this one is checked after its commit, as every request was
 * before. A check made with settings that have moved on is not recorded by capture (it compares their version) and
 * is made again after the commit. Whatever the check says, the request is stored all the same.
 */
export class CheckBeforeCapture {
  constructor(private readonly deps: CheckBeforeCaptureDeps) {}

  check(tenantId: string, endpointId: string, request: RequestToCheck): CaptureCheck | null {
    const { settings, runtime, ingestBase } = this.deps;
    const held = settings.held(tenantId, endpointId);
    if (!held || held.version === null) {
      settings.prefetch(tenantId, endpointId, this.deps.onReadError);
      return null;
    }
    const view: CapturedRequestView = {
      method: request.method,
      url: urlOf(ingestBase, request.path, request.query),
      headers: request.headers,
      body: request.body,
    };
    const now = runtime.now();
    const outcome = checkRequest(held, view, now);
    return { version: held.version, checkedAt: now, outcome, verifiedAt: verifiedAtOf(outcome, now) };
  }
}
