// Glossaries, translation memories and style rules a translation may name. They arrive with their
// own endpoints (glossaries, memories and style rules are a later piece of work); until then no key
// owns any, so every id a request names is unknown and answered with 404, as DeepL does.
export interface TranslationResources {
  glossaryExists(ownerKeyId: string, glossaryId: string): Promise<boolean>;
  translationMemoryExists(ownerKeyId: string, memoryId: string): Promise<boolean>;
  styleRuleExists(ownerKeyId: string, styleId: string): Promise<boolean>;
}

export const noStoredResources: TranslationResources = {
  glossaryExists: async () => false,
  translationMemoryExists: async () => false,
  styleRuleExists: async () => false,
};
