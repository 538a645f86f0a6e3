-- Quality evaluation jobs (POST /v1/quality-evaluation), kept 24 hours after they are evaluated.
-- CreateTable
CREATE TABLE "quality_evaluations" (
    "id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "source_language" VARCHAR(16) NOT NULL,
    "target_language" VARCHAR(16) NOT NULL,
    "segment_count" INTEGER NOT NULL,
    "result" JSONB,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "quality_evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "quality_evaluations_expires_at_idx" ON "quality_evaluations"("expires_at");

-- AddForeignKey
ALTER TABLE "quality_evaluations" ADD CONSTRAINT "quality_evaluations_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
