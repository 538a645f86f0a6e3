import {
  CUSTOM_TAG_PAGE_SIZE,
  type CustomTagAnalyticsQuery,
  type CustomTagBreakdown,
  type CustomTagUsageReportResponse,
} from '@workspace/contracts';
import type { ConnectionPool } from '../../db/database.js';
import { speechMinutes } from '../usage/speech-meter.js';
import { isoDay, rangeDate, usageDay } from './report-dates.js';

// Billed characters per `X-DeepL-Reporting-Tag` (tag_usage, summed over every key), both dates
// included, in pages of CUSTOM_TAG_PAGE_SIZE items ordered by tag (bytewise, the same on every database) then day. One row more than a page
// is read to know whether another page follows.
const PER_PERIOD = `
SELECT tag, sum(text_translation_characters)::text AS characters, sum(text_improvement_characters)::text AS improvement_characters,
       sum(document_translation_characters)::text AS document_characters,
       sum(speech_to_text_ms)::text AS speech_to_text_ms, sum(speech_to_speech_ms)::text AS speech_to_speech_ms
  FROM tag_usage WHERE usage_date BETWEEN $1::date AND $2::date
 GROUP BY tag ORDER BY tag COLLATE "C" LIMIT $3 OFFSET $4`;

const PER_DAY = `
SELECT tag, to_char(usage_date, 'YYYY-MM-DD') AS usage_date, sum(text_translation_characters)::text AS characters,
       sum(text_improvement_characters)::text AS improvement_characters, sum(document_translation_characters)::text AS document_characters,
       sum(speech_to_text_ms)::text AS speech_to_text_ms, sum(speech_to_speech_ms)::text AS speech_to_speech_ms
  FROM tag_usage WHERE usage_date BETWEEN $1::date AND $2::date
 GROUP BY tag, tag_usage.usage_date ORDER BY tag COLLATE "C", tag_usage.usage_date LIMIT $3 OFFSET $4`;

interface TagRow {
  tag: string;
  usage_date?: string;
  characters: string;
  improvement_characters: string;
  document_characters: string;
  speech_to_text_ms: string;
  speech_to_speech_ms: string;
}

// The breakdown has no document member (DeepL shows none); documents count in the total. Speech minutes
// are the tag's milliseconds rounded up, as DeepL bills.
function breakdown(row: TagRow): CustomTagBreakdown {
  const textTranslationCharacters = Number(row.characters);
  const textImprovementCharacters = Number(row.improvement_characters);
  const documentCharacters = Number(row.document_characters);
  return {
    total_characters: textTranslationCharacters + textImprovementCharacters + documentCharacters,
    text_translation_characters: textTranslationCharacters,
    text_improvement_characters: textImprovementCharacters,
    speech_to_text_minutes: speechMinutes(Number(row.speech_to_text_ms)),
    speech_to_speech_minutes: speechMinutes(Number(row.speech_to_speech_ms)),
  };
}

export async function buildCustomTagReport(
  pool: ConnectionPool,
  query: CustomTagAnalyticsQuery,
  pageSize = CUSTOM_TAG_PAGE_SIZE,
): Promise<CustomTagUsageReportResponse> {
  const byDay = query.aggregate_by === 'day';
  const { rows } = await pool.query<TagRow>({
    text: byDay ? PER_DAY : PER_PERIOD,
    values: [isoDay(query.start_date), isoDay(query.end_date), pageSize + 1, query.page * pageSize],
  });
  const page = rows.slice(0, pageSize);
  return {
    custom_tag_usage_report: {
      aggregate_by: query.aggregate_by,
      start_date: rangeDate(query.start_date),
      end_date: rangeDate(query.end_date),
      next_page: rows.length > pageSize ? query.page + 1 : null,
      usage: page.map((row) => ({
        custom_tag: row.tag,
        ...(byDay ? { usage_date: usageDay(row.usage_date!) } : {}),
        breakdown: breakdown(row),
      })),
    },
  };
}
