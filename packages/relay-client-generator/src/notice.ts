/** The first line of every generated file. */
export const GENERATED_NOTICE =
  'Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.';
