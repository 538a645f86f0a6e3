-- AlterTable
ALTER TABLE "daily_usage" ADD COLUMN     "document_translation_characters" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "tag_usage" ADD COLUMN     "document_translation_characters" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "document_jobs" (
    "id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "key_hash" CHAR(64) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "file_name" TEXT NOT NULL,
    "input_format" VARCHAR(16) NOT NULL,
    "output_format" VARCHAR(16) NOT NULL,
    "options" JSONB NOT NULL,
    "reporting_tag" VARCHAR(256),
    "input" BYTEA,
    "output" BYTEA,
    "billed_characters" INTEGER NOT NULL,
    "translated_characters" INTEGER NOT NULL DEFAULT 0,
    "error_message" TEXT,
    "quality_report" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "document_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_jobs_status_created_at_idx" ON "document_jobs"("status", "created_at");

-- CreateIndex
CREATE INDEX "document_jobs_api_key_id_status_idx" ON "document_jobs"("api_key_id", "status");

-- CreateIndex
CREATE INDEX "document_jobs_expires_at_idx" ON "document_jobs"("expires_at");

-- AddForeignKey
ALTER TABLE "document_jobs" ADD CONSTRAINT "document_jobs_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
