// What each key's recent requests were detected as, in process memory only: a key that sent Malay a
// moment ago most likely sends Malay again, which settles a short string that Malay and Indonesian
// share. Bounded twice: the last RECENT_PER_KEY detections per key, and at most `maxKeys` keys (the
// least recently seen is forgotten first). Nothing is written to the database; a restart forgets it.

const RECENT_PER_KEY = 16;

export interface RecentLanguagesOptions {
  maxKeys?: number;
  perKey?: number;
}

export class RecentLanguages {
  private readonly byKey = new Map<string, string[]>();
  private readonly maxKeys: number;
  private readonly perKey: number;

  constructor({ maxKeys = 10_000, perKey = RECENT_PER_KEY }: RecentLanguagesOptions = {}) {
    this.maxKeys = maxKeys;
    this.perKey = perKey;
  }

  record(key: string, language: string): void {
    const recent = this.byKey.get(key) ?? [];
    this.byKey.delete(key); // re-inserted last: Map order is the recency order
    recent.push(language);
    if (recent.length > this.perKey) recent.shift();
    this.byKey.set(key, recent);
    if (this.byKey.size > this.maxKeys) this.byKey.delete(this.byKey.keys().next().value!);
  }

  /** Share of the key's recent detections per language (0-1); empty for a key not seen. */
  shares(key: string): Map<string, number> {
    const recent = this.byKey.get(key) ?? [];
    const counts = new Map<string, number>();
    for (const language of recent) counts.set(language, (counts.get(language) ?? 0) + 1);
    for (const [language, count] of counts) counts.set(language, count / recent.length);
    return counts;
  }

  get size(): number {
    return this.byKey.size;
  }
}
