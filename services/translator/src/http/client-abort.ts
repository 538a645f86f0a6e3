import type { Response } from 'express';

/** Aborts when the client goes away before its answer is written, so queued engine work can be dropped. */
export function abortOnClientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  return controller.signal;
}
