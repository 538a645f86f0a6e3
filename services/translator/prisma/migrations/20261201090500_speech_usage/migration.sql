-- Audio milliseconds of voice sessions and voice jobs: against the key's speech_to_text_limit_ms per
-- month (period_usage.speech_ms), and reported per day and per reporting tag, without translated speech
-- (speech_to_text_ms) and with it (speech_to_speech_ms).
-- AlterTable
ALTER TABLE "period_usage" ADD COLUMN     "speech_ms" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "daily_usage" ADD COLUMN     "speech_to_text_ms" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "speech_to_speech_ms" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "tag_usage" ADD COLUMN     "speech_to_text_ms" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "speech_to_speech_ms" BIGINT NOT NULL DEFAULT 0;
