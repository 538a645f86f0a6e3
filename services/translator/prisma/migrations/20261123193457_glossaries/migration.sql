-- CreateTable
CREATE TABLE "glossaries" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "glossaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "glossary_dictionaries" (
    "glossary_id" UUID NOT NULL,
    "source_lang" VARCHAR(16) NOT NULL,
    "target_lang" VARCHAR(16) NOT NULL,
    "entries" TEXT NOT NULL,
    "entry_count" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,

    CONSTRAINT "glossary_dictionaries_pkey" PRIMARY KEY ("glossary_id","source_lang","target_lang")
);

-- AddForeignKey
ALTER TABLE "glossary_dictionaries" ADD CONSTRAINT "glossary_dictionaries_glossary_id_fkey" FOREIGN KEY ("glossary_id") REFERENCES "glossaries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
