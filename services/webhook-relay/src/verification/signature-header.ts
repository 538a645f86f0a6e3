import type { HmacScheme } from './types.js';

export interface ParsedSignatures {
  /** The encoded signatures found (undecoded), any of which may match. */
  signatures: string[];
  /** A timestamp carried inside the signature header (`t=`), if the format has one. */
  timestamp?: string;
}

/** Reads signatures (and an embedded timestamp) out of one header value; null when it has the wrong shape. */
export function parseSignatureHeader(value: string, format: HmacScheme['format']): ParsedSignatures | null {
  switch (format.kind) {
    case 'plain': {
      if (format.prefix && !value.startsWith(format.prefix)) return null;
      const signature = value.slice(format.prefix?.length ?? 0).trim();
      return signature ? { signatures: [signature] } : null;
    }
    case 'versioned-list': {
      const signatures = value
        .split(' ')
        .map((entry) => entry.split(','))
        .filter(([version, signature]) => version === format.version && signature)
        .map(([, signature]) => signature!);
      return signatures.length ? { signatures } : null;
    }
    case 'list': {
      const items = value.split(format.separator).map((item) => item.trim());
      const signatures = items
        .filter((item) => !format.prefix || item.startsWith(format.prefix))
        .map((item) => item.slice(format.prefix?.length ?? 0));
      return signatures.some(Boolean) ? { signatures: signatures.filter(Boolean) } : null;
    }
    case 'timestamp-first': {
      const [timestamp, ...signatures] = value.split(format.separator).map((item) => item.trim());
      return timestamp && signatures.length ? { timestamp, signatures } : null;
    }
    case 'pairs': {
      const groups = format.groupSeparator ? value.split(format.groupSeparator) : [value];
      const signatures: string[] = [];
      let timestamp: string | undefined;
      for (const group of groups) {
        for (const pair of group.split(format.pairSeparator)) {
          const at = pair.indexOf('=');
          if (at <= 0) continue;
          const key = pair.slice(0, at).trim();
          const item = pair.slice(at + 1).trim();
          if (key === format.signatureKey && item) signatures.push(item);
          if (key === format.timestampKey) timestamp ??= item;
        }
      }
      return signatures.length && (!format.timestampKey || timestamp !== undefined) ? { signatures, timestamp } : null;
    }
  }
}
