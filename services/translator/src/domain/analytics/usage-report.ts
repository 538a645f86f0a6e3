import type { AnalyticsQuery, UsageCounters, UsageReportResponse } from '@workspace/contracts';
import type { ConnectionPool } from '../../db/database.js';
import { speechMinutes } from '../usage/speech-meter.js';
import { isoDay, rangeDate, usageDay } from './report-dates.js';

// Sums of the metered rows (daily_usage: billed characters per key per UTC day), both dates included.
// Keys appear by their masked secret and label, oldest key first. Speech (voice sessions and jobs) is
// metered in milliseconds and reported in minutes, rounded up as DeepL bills.
const PER_KEY = `
SELECT k.masked_secret, k.label, sum(d.text_translation_characters)::text AS characters,
       sum(d.text_improvement_characters)::text AS improvement_characters,
       sum(d.document_translation_characters)::text AS document_characters,
       sum(d.speech_to_text_ms + d.speech_to_speech_ms)::text AS speech_ms
  FROM daily_usage d JOIN api_keys k ON k.id = d.api_key_id
 WHERE d.usage_date BETWEEN $1::date AND $2::date
 GROUP BY k.id ORDER BY min(k.created_at), k.id`;

const PER_KEY_AND_DAY = `
SELECT k.masked_secret, k.label, to_char(d.usage_date, 'YYYY-MM-DD') AS usage_date, d.text_translation_characters::text AS characters,
       d.text_improvement_characters::text AS improvement_characters,
       d.document_translation_characters::text AS document_characters,
       (d.speech_to_text_ms + d.speech_to_speech_ms)::text AS speech_ms
  FROM daily_usage d JOIN api_keys k ON k.id = d.api_key_id
 WHERE d.usage_date BETWEEN $1::date AND $2::date
 ORDER BY d.usage_date, k.created_at, k.id`;

interface KeyRow {
  masked_secret: string;
  label: string;
  usage_date?: string;
  characters: string;
  improvement_characters: string;
  document_characters: string;
  speech_ms: string;
}

export function usageCounters(
  textTranslationCharacters: number,
  textImprovementCharacters = 0,
  documentCharacters = 0,
  speechMs = 0,
): UsageCounters {
  return {
    total_characters: textTranslationCharacters + textImprovementCharacters + documentCharacters,
    text_translation_characters: textTranslationCharacters,
    document_translation_characters: documentCharacters,
    text_improvement_characters: textImprovementCharacters,
    speech_to_text_minutes: speechMinutes(speechMs),
  };
}

export async function buildUsageReport(pool: ConnectionPool, query: AnalyticsQuery): Promise<UsageReportResponse> {
  const range = [isoDay(query.start_date), isoDay(query.end_date)];
  const grouped = query.group_by === 'key_and_day';
  const { rows } = await pool.query<KeyRow>({ text: grouped ? PER_KEY_AND_DAY : PER_KEY, values: range });
  const total = rows.reduce((sum, row) => sum + Number(row.characters), 0);
  const improved = rows.reduce((sum, row) => sum + Number(row.improvement_characters), 0);
  const documents = rows.reduce((sum, row) => sum + Number(row.document_characters), 0);
  const speechMs = rows.reduce((sum, row) => sum + Number(row.speech_ms), 0);
  const usages = rows.map((row) => ({
    api_key: row.masked_secret,
    api_key_label: row.label,
    ...(grouped ? { usage_date: usageDay(row.usage_date!) } : {}),
    usage: usageCounters(
      Number(row.characters),
      Number(row.improvement_characters),
      Number(row.document_characters),
      Number(row.speech_ms),
    ),
  }));
  return {
    usage_report: {
      total_usage: usageCounters(total, improved, documents, speechMs),
      ...(query.group_by ? { group_by: query.group_by } : {}),
      start_date: rangeDate(query.start_date),
      end_date: rangeDate(query.end_date),
      ...(query.group_by === 'key' ? { key_usages: usages } : {}),
      ...(grouped ? { key_and_day_usages: usages as ((typeof usages)[number] & { usage_date: string })[] } : {}),
    },
  };
}
