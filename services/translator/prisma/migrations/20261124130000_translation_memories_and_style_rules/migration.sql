-- CreateTable
CREATE TABLE "translation_memories" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "source_lang" VARCHAR(16) NOT NULL,
    "target_langs" VARCHAR(16)[],
    "segment_count" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "translation_memories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "translation_memory_segments" (
    "id" UUID NOT NULL,
    "memory_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "source_text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "translation_memory_segments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "translation_memory_targets" (
    "id" UUID NOT NULL,
    "segment_id" UUID NOT NULL,
    "target_lang" VARCHAR(16) NOT NULL,
    "target_text" TEXT NOT NULL,

    CONSTRAINT "translation_memory_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "translation_memory_jobs" (
    "id" UUID NOT NULL,
    "operation" VARCHAR(16) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "memory_id" UUID,
    "memory_version" INTEGER,
    "display_name" TEXT,
    "file_name" TEXT,
    "content_type" TEXT,
    "content_length" INTEGER,
    "file" BYTEA,
    "token" VARCHAR(64),
    "token_expires_at" TIMESTAMPTZ(3),
    "error_message" TEXT,
    "skipped_segment_count" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "translation_memory_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "style_rules" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "language" VARCHAR(16) NOT NULL,
    "configured_rules" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "style_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "style_rule_instructions" (
    "id" UUID NOT NULL,
    "style_rule_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "source_language" VARCHAR(16),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "style_rule_instructions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "translation_memory_segments_memory_id_position_key" ON "translation_memory_segments"("memory_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "translation_memory_targets_segment_id_target_lang_key" ON "translation_memory_targets"("segment_id", "target_lang");

-- CreateIndex
CREATE UNIQUE INDEX "translation_memory_jobs_token_key" ON "translation_memory_jobs"("token");

-- CreateIndex
CREATE INDEX "translation_memory_jobs_memory_id_idx" ON "translation_memory_jobs"("memory_id");

-- CreateIndex
CREATE INDEX "style_rule_instructions_style_rule_id_idx" ON "style_rule_instructions"("style_rule_id");

-- AddForeignKey
ALTER TABLE "translation_memory_segments" ADD CONSTRAINT "translation_memory_segments_memory_id_fkey" FOREIGN KEY ("memory_id") REFERENCES "translation_memories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_memory_targets" ADD CONSTRAINT "translation_memory_targets_segment_id_fkey" FOREIGN KEY ("segment_id") REFERENCES "translation_memory_segments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "style_rule_instructions" ADD CONSTRAINT "style_rule_instructions_style_rule_id_fkey" FOREIGN KEY ("style_rule_id") REFERENCES "style_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
