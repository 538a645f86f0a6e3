import type { DeveloperApiKey } from '@workspace/contracts';

/** The columns of api_keys the administration API shows (never the secret or its hash). */
export const DEVELOPER_KEY_COLUMNS = {
  id: true,
  keyId: true,
  label: true,
  createdAt: true,
  deactivatedAt: true,
  characterLimit: true,
  speechToTextLimitMillis: true,
} as const;

export interface DeveloperKeyRow {
  id: string;
  keyId: string;
  label: string;
  createdAt: Date;
  deactivatedAt: Date | null;
  characterLimit: bigint | null;
  speechToTextLimitMillis: bigint | null;
}

/**
 * DeepL's ApiKey object. What is not set is left out, as DeepL's schema has it (a string and numbers, never
 * null): no `deactivated_time` for an active key, no member of `usage_limits` for a limit that is not set.
 */
export function developerKeyView(row: DeveloperKeyRow): DeveloperApiKey {
  return {
    key_id: row.keyId,
    label: row.label,
    creation_time: row.createdAt.toISOString(),
    ...(row.deactivatedAt ? { deactivated_time: row.deactivatedAt.toISOString() } : {}),
    is_deactivated: row.deactivatedAt !== null,
    usage_limits: {
      ...(row.characterLimit === null ? {} : { characters: Number(row.characterLimit) }),
      ...(row.speechToTextLimitMillis === null ? {} : { speech_to_text_milliseconds: Number(row.speechToTextLimitMillis) }),
    },
  };
}
