-- Spoken-terms collections (POST /v3/spoken_terms): words speech recognition is taught, per language.
-- CreateTable
CREATE TABLE "spoken_terms" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "spoken_terms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "spoken_term_dictionaries" (
    "spoken_terms_id" UUID NOT NULL,
    "language" VARCHAR(16) NOT NULL,
    "terms" JSONB NOT NULL,
    "term_count" INTEGER NOT NULL,

    CONSTRAINT "spoken_term_dictionaries_pkey" PRIMARY KEY ("spoken_terms_id","language")
);

-- AddForeignKey
ALTER TABLE "spoken_term_dictionaries" ADD CONSTRAINT "spoken_term_dictionaries_spoken_terms_id_fkey" FOREIGN KEY ("spoken_terms_id") REFERENCES "spoken_terms"("id") ON DELETE CASCADE ON UPDATE CASCADE;
