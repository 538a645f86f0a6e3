import { createHash } from 'node:crypto';
import { headerValue, jsonField, queryParam, sortedFormFields } from './request-view.js';
import type { CapturedRequestView, MessagePart } from './types.js';

/** The bytes a provider signed, assembled from the scheme's parts; `body` may be a probe variant. */
export function signedMessage(
  parts: MessagePart[],
  request: CapturedRequestView,
  timestamp: string | undefined,
  body: Buffer = request.body,
): Buffer {
  return Buffer.concat(
    parts.map((part) => {
      if (part === 'body') return body;
      if (part === 'body-sha256') return createHash('sha256').update(body).digest();
      if (part === 'timestamp') return Buffer.from(timestamp ?? '', 'utf8');
      if (part === 'method') return Buffer.from(request.method.toUpperCase(), 'utf8');
      if (part === 'url') return Buffer.from(request.url, 'utf8');
      if (part === 'sorted-form-fields') return Buffer.from(sortedFormFields(body), 'utf8');
      if ('literal' in part) return Buffer.from(part.literal, 'utf8');
      if ('queryParam' in part) return Buffer.from(queryParam(request, part.queryParam) ?? '', 'utf8');
      if ('jsonField' in part) return Buffer.from(jsonField(body, part.jsonField) ?? '', 'utf8');
      return Buffer.from(headerValue(request, part.header) ?? '', 'utf8');
    }),
  );
}

/** The headers a message needs besides the signature's own. */
export function requiredHeaders(parts: MessagePart[]): string[] {
  return parts.flatMap((part) => (typeof part === 'object' && 'header' in part ? [part.header] : []));
}
