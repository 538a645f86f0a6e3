-- Real-time voice sessions (POST /v3/voice/realtime) and their one-time WebSocket tokens.
-- CreateTable
CREATE TABLE "voice_sessions" (
    "id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "reporting_tag" VARCHAR(256),
    "configuration" JSONB NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "audio_ms" BIGINT NOT NULL DEFAULT 0,
    "connection_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "voice_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "voice_session_tokens" (
    "token_hash" CHAR(64) NOT NULL,
    "session_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "replaced_at" TIMESTAMPTZ(3),

    CONSTRAINT "voice_session_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "voice_sessions_api_key_id_idx" ON "voice_sessions"("api_key_id");

-- CreateIndex
CREATE INDEX "voice_session_tokens_session_id_idx" ON "voice_session_tokens"("session_id");

-- AddForeignKey
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "voice_session_tokens" ADD CONSTRAINT "voice_session_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "voice_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
