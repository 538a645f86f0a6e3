import type { LiveEvents } from './live-events.js';

/**
 * Wakes a waiting triggers.wait when its tenant's live feed announces a capture or a check (the same notices the
 * dashboard's live feed gets): no polling. A notice that arrives between two waits is remembered.
 */
export function waitForNotice(live: LiveEvents, tenantId: string, signal: AbortSignal) {
  let pending = false;
  let wake: (() => void) | undefined;
  const fire = () => {
    pending = true;
    wake?.();
  };
  const stopListening = live.listen(tenantId, fire, fire);
  signal.addEventListener('abort', fire, { once: true });
  return {
    /** Resolves once ingest publishes this tenant's notices (LiveEvents.whenListening): read after it, not before. */
    listening: live.whenListening(tenantId),
    next(timeoutMs: number): Promise<void> {
      if (pending || timeoutMs <= 0) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          pending = false;
          resolve();
        }
        wake = done;
      });
    },
    stop(): void {
      signal.removeEventListener('abort', fire);
      stopListening();
    },
  };
}
