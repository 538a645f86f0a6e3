-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "key_id" VARCHAR(80) NOT NULL,
    "label" VARCHAR(1024) NOT NULL,
    "secret_hash" CHAR(64) NOT NULL,
    "masked_secret" VARCHAR(16) NOT NULL,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_at" TIMESTAMPTZ(3),
    "character_limit" BIGINT,
    "speech_to_text_limit_ms" BIGINT,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_usage" (
    "api_key_id" UUID NOT NULL,
    "usage_date" DATE NOT NULL,
    "text_translation_characters" BIGINT NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "daily_usage_pkey" PRIMARY KEY ("api_key_id","usage_date")
);

-- CreateTable
CREATE TABLE "tag_usage" (
    "api_key_id" UUID NOT NULL,
    "tag" VARCHAR(256) NOT NULL,
    "usage_date" DATE NOT NULL,
    "text_translation_characters" BIGINT NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "tag_usage_pkey" PRIMARY KEY ("api_key_id","tag","usage_date")
);

-- CreateTable
CREATE TABLE "period_usage" (
    "api_key_id" UUID NOT NULL,
    "period_start" DATE NOT NULL,
    "characters" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "period_usage_pkey" PRIMARY KEY ("api_key_id","period_start")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_id_key" ON "api_keys"("key_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

-- CreateIndex
CREATE INDEX "tag_usage_usage_date_idx" ON "tag_usage"("usage_date");

-- AddForeignKey
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tag_usage" ADD CONSTRAINT "tag_usage_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "period_usage" ADD CONSTRAINT "period_usage_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
