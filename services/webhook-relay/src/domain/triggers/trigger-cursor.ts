import { RelayError } from '../relay-error.js';

/**
 * What triggers.wait hands an agent after each batch: the trigger and the capture position of the batch's last
 * event, opaque to the agent. Passing it back as `ack` says "I have processed everything up to here".
 */
export function encodeTriggerCursor(triggerId: string, captureSeq: bigint): string {
  return Buffer.from(`${triggerId}.${captureSeq}`).toString('base64url');
}

export function decodeTriggerCursor(cursor: string, triggerId: string): bigint {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const dot = text.lastIndexOf('.');
  const seq = text.slice(dot + 1);
  if (dot < 0 || !/^\d{1,19}$/.test(seq))
    throw new RelayError('invalid_request', 'ack is not a cursor triggers.wait returned: pass its next_cursor back unchanged');
  if (text.slice(0, dot) !== triggerId)
    throw new RelayError('invalid_request', 'ack is the cursor of another trigger: pass back the next_cursor this trigger returned');
  return BigInt(seq);
}
