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

/** DeepL's ApiKey object. */
export function developerKeyView(row: DeveloperKeyRow): DeveloperApiKey {
  return {
    key_id: row.keyId,
    label: row.label,
    creation_time: row.createdAt.toISOString(),
    deactivated_time: row.deactivatedAt?.toISOString() ?? null,
    is_deactivated: row.deactivatedAt !== null,
    usage_limits: {
      characters: row.characterLimit === null ? null : Number(row.characterLimit),
      speech_to_text_milliseconds: row.speechToTextLimitMillis === null ? null : Number(row.speechToTextLimitMillis),
    },
  };
}
