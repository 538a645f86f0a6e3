// The xliff package ships no types; the tests use its two parsers and read these members.
declare module 'xliff' {
  interface Parsed {
    sourceLanguage?: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, { source: unknown; target?: unknown }>>;
  }
  const xliff: {
    xliff12ToJs(text: string): Promise<Parsed>;
    xliff2js(text: string): Promise<Parsed>;
  };
  export default xliff;
}
