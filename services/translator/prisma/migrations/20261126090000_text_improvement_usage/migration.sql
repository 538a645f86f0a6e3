-- Characters of POST /v2/write/rephrase (text improvement), reported apart from translation.
-- AlterTable
ALTER TABLE "daily_usage" ADD COLUMN     "text_improvement_characters" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "tag_usage" ADD COLUMN     "text_improvement_characters" BIGINT NOT NULL DEFAULT 0;
