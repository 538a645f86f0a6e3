-- Async voice translation jobs (POST /v1/jobs/voice/translate) and their results per target.
-- CreateTable
CREATE TABLE "voice_jobs" (
    "id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" VARCHAR(64) NOT NULL,
    "content_length" BIGINT NOT NULL,
    "source_language" VARCHAR(16),
    "targets" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "reporting_tag" VARCHAR(256),
    "upload_signature" VARCHAR(64),
    "upload_expires_at" TIMESTAMPTZ(3),
    "input" BYTEA,
    "duration_ms" INTEGER,
    "recognized_ms" INTEGER NOT NULL DEFAULT 0,
    "segments" JSONB NOT NULL DEFAULT '[]',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(3),
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "voice_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "voice_job_results" (
    "job_id" UUID NOT NULL,
    "target_index" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "output" BYTEA,
    "error_message" TEXT,
    "signature" VARCHAR(64),

    CONSTRAINT "voice_job_results_pkey" PRIMARY KEY ("job_id","target_index")
);

-- CreateIndex
CREATE INDEX "voice_jobs_status_created_at_idx" ON "voice_jobs"("status", "created_at");

-- CreateIndex
CREATE INDEX "voice_jobs_expires_at_idx" ON "voice_jobs"("expires_at");

-- AddForeignKey
ALTER TABLE "voice_jobs" ADD CONSTRAINT "voice_jobs_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "voice_job_results" ADD CONSTRAINT "voice_job_results_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "voice_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
