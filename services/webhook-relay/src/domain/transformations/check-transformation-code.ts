import { runInSandbox } from '../../delivery/transform/sandbox.js';
import { RelayError } from '../relay-error.js';

const SAMPLE_REQUEST = { method: 'POST', path: '/', headers: {}, body: Buffer.from('null'), bodyIsJson: true };

/**
 * Refuses code that would fail every delivery before it is saved: code that does not compile, or that does not
 * evaluate to a function. The code is evaluated in the sandbox (with its limits) but the function is not called:
 * whether it works on a real event is for the test console. The wrapper hands the sandbox a function that drops
 * when the code is one, and the code's own value otherwise, which the sandbox refuses as "not a function".
 */
export async function checkTransformationCode(tenantId: string, code: string, now: Date): Promise<void> {
  const probe = `((candidate) => (typeof candidate === 'function' ? () => null : candidate))(${code}\n)`;
  const run = await runInSandbox(tenantId, probe, SAMPLE_REQUEST, now);
  if (run.ok) return;
  // The sandbox's own thread could not run it: the relay's fault, not the code's.
  if (run.unavailable) throw new RelayError('unavailable', 'the transformation sandbox is unavailable; retry shortly');
  throw new RelayError('invalid_request', `code is not a usable transformation: ${run.error}`);
}
