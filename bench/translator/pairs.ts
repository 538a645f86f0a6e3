// Figures for the language pairs added from Debian's newer Apertium packages (services/translator/docs/engines.md):
// per DeepL pair, through the translator service only (apertium-apy and the raw chain are measured on en->es,
// bench/translator.md),
//   - throughput: input characters per second, 8 concurrent clients, one paragraph per request, for
//     BENCH_SECONDS (10) after BENCH_ROUND_WARMUP_SECONDS (3) of the same load;
//   - completeness, the method of completeness.ts: BENCH_PAIR_CONCURRENT (4) concurrent requests of 20,000
//     characters, each ending in a marker word; every output must be at least 0.8x its input in length and
//     carry its marker in its last 200 characters.
// Source texts: the hand-written paragraphs of detector-samples.ts where the language has them, else those
// of a served language translated into it by the service first (its wording is Apertium's; the figures only
// need real words of the language), else two paragraphs written here (HI, BR).
// Run: pnpm --filter ./bench exec tsx translator/pairs.ts [RU-UK IS-NB ...]  (default: every pair below)
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import type { RunningServer } from '../lib/processes.js';
import { agent, postForm, runClients } from './client-load.js';
import { SAMPLES } from './detector-samples.js';
import { ADMIN_KEY, SERVICE_ENTRY, serviceBuilt, startTranslator } from './service.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_ROUND_WARMUP_SECONDS ?? 3);
const concurrent = Number(process.env.BENCH_PAIR_CONCURRENT ?? 4);
const CONCURRENCY = 8;
const COMPLETE_CHARS = 20_000;
const MIN_LENGTH_RATIO = 0.8;
const MARKER_WINDOW = 200;
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/**
 * EN-ES first, as the reference measured the same way in the same run (the pair of bench/translator.md), then the
 * new direct pairs (one per Apertium mode, one variant of hbs), then pivots through ES, EN and others.
 */
export const PAIRS = [
  'EN-ES',
  'RU-UK',
  'UK-RU',
  'RU-BE',
  'BE-RU',
  'DA-NB',
  'NB-DA',
  'SV-NB',
  'NB-SV',
  'IS-EN-GB',
  'IS-SV',
  'SV-IS',
  'MK-EN-GB',
  'EN-HR',
  'HR-EN-GB',
  'HR-SL',
  'SL-HR',
  'EN-EO',
  'EO-EN-GB',
  'ES-OC',
  'OC-ES',
  'ES-AN',
  'AN-ES',
  'BR-FR',
  'UR-HI',
  'HI-UR',
  'UK-BE',
  'IS-NB',
  'EO-ES',
  'BR-ES',
];

/** Where a language without hand-written samples gets its text: translated by the service from this one. */
const DERIVED_FROM: Record<string, string> = { BE: 'RU', NB: 'DA', IS: 'SV', HR: 'EN', SL: 'HR', OC: 'ES', AN: 'ES', UR: 'HI' };

const WRITTEN_HERE: Record<string, string[]> = {
  HI: [
    'नगर परिषद ने पुराने बंदरगाह की नई योजना पर चर्चा करने के लिए मंगलवार शाम को बैठक की। कई निवासियों ने पूछा कि क्या मछली पकड़ने वाली नावों को हटना पड़ेगा, और महापौर ने वादा किया कि गर्मियों के अंत से पहले कोई अपनी जगह नहीं खोएगा। अंतिम मतदान अगले महीने होने की उम्मीद है।',
    'दूसरी भाषा सीखने में समय और धैर्य लगता है। अधिकांश शिक्षक हर दिन थोड़ा पढ़ने, रेडियो सुनने और जितनी बार हो सके दूसरे लोगों से बात करने की सलाह देते हैं, भले ही आप गलतियाँ करें। कुछ महीनों के बाद, प्रगति आमतौर पर आसानी से दिखाई देती है।',
  ],
  BR: [
    "Emgav eo bet kuzul-kêr ar c'hêr d'ar Meurzh da noz evit kaozeal diwar-benn ar steuñv nevez evit ar porzh kozh. Meur a annezad o deus goulennet ha ret e vefe d'ar bagoù-pesketa mont kuit, hag ar maer en deus prometet ne gollfe den e blas a-raok fin an hañv. Ur vouezhiadeg diwezhañ a zo gortozet ar miz a zeu.",
    "Deskiñ un eil yezh a c'houlenn amzer ha pasianted. An darn vrasañ eus ar gelennerien a ali da lenn un tamm bemdez, da selaou ar radio ha da gomz gant tud all ken alies ha ma c'haller, zoken pa vez graet fazioù. Goude un nebeud mizioù e vez aes gwelet ar c'hresk peurliesañ.",
  ],
};

/** `IS-EN-GB` -> IS, EN-GB. */
function splitPair(pair: string): [string, string] {
  const [source = '', ...target] = pair.split('-');
  return [source, target.join('-')];
}

async function translate(url: string, text: string, source: string, target: string, timeoutMs = 300_000): Promise<string> {
  const body = new URLSearchParams({ text, source_lang: source, target_lang: target }).toString();
  const answer = await postForm(`${url}/v2/translate`, body, { authorization: `DeepL-Auth-Key ${ADMIN_KEY}` }, timeoutMs);
  const translation =
    answer.status === 200 ? (JSON.parse(answer.body) as { translations?: { text?: unknown }[] }).translations?.[0] : undefined;
  if (typeof translation?.text !== 'string' || translation.text.trim() === '') {
    throw new Error(`${source}->${target}: translator answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
  return translation.text;
}

/** The paragraphs of a language: hand-written samples, else derived through the service, else written here. */
async function paragraphsOf(url: string, language: string, cache: Map<string, string[]>): Promise<string[]> {
  const known = cache.get(language);
  if (known) return known;
  const samples = SAMPLES[language];
  let paragraphs: string[];
  if (samples) paragraphs = [...samples.long, ...samples.short];
  else if (WRITTEN_HERE[language]) paragraphs = WRITTEN_HERE[language]!;
  else {
    const from = DERIVED_FROM[language];
    if (!from) throw new Error(`no source text for ${language}`);
    const original = await paragraphsOf(url, from, cache);
    paragraphs = await Promise.all(original.map((text) => translate(url, text, from, language)));
  }
  cache.set(language, paragraphs);
  return paragraphs;
}

const marker = (index: number) => `ZQXJ${String.fromCharCode(65 + index)}`;

function textOfLength(paragraphs: string[], index: number, chars: number): string {
  const end = `\n\n${marker(index)}.`;
  const rotated = [...paragraphs.slice(index), ...paragraphs.slice(0, index)];
  let text = '';
  while (text.length < chars) text += `${rotated.join('\n\n')}\n\n`;
  return text.slice(0, chars - end.length).trimEnd() + end;
}

async function measure(url: string, pair: string, paragraphs: string[]): Promise<string[]> {
  const [source, target] = splitPair(pair);
  const send = async (text: string) => void (await translate(url, text, source, target));
  await runClients({ texts: paragraphs, concurrency: CONCURRENCY, durationSeconds: warmupSeconds, send });
  const load = await runClients({ texts: paragraphs, concurrency: CONCURRENCY, durationSeconds: seconds, send });

  const failures: string[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrent }, async (_, i) => {
      const text = textOfLength(paragraphs, i, COMPLETE_CHARS);
      const output = await translate(url, text, source, target).catch((error: Error) => error.message);
      const ratio = output.length / text.length;
      if (ratio < MIN_LENGTH_RATIO) failures.push(`request ${i + 1}: output is ${ratio.toFixed(2)}x the input`);
      else if (!output.slice(-MARKER_WINDOW).includes(marker(i))) failures.push(`request ${i + 1}: marker missing: …${output.slice(-80)}`);
    }),
  );
  const completeSeconds = (Date.now() - started) / 1000;
  const verdict = failures.length ? `FAIL (${failures.length} of ${concurrent})` : `all ${concurrent} complete`;
  console.log(
    `| ${pair} | ${Math.round(load.charsPerSecond).toLocaleString('en')} | ${load.p50Ms} | ${load.p95Ms} | ${verdict} in ${completeSeconds.toFixed(1)} s |`,
  );
  return failures.map((failure) => `${pair} ${failure}`);
}

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error(`translator not built: ${SERVICE_ENTRY} is missing (pnpm --filter ./services/translator build)`);
  const pairs = process.argv.slice(2).length ? process.argv.slice(2) : PAIRS;
  let service: RunningServer | undefined;
  try {
    // Idle chains stop soon, so the pairs measured earlier do not hold memory for the later ones.
    service = await startTranslator(`${resultsDir}translator-pairs.log`, { APERTIUM_IDLE_SECONDS: '20' });
    console.log(
      `${new Date().toISOString()}, load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(
          ' ',
        )}; ${CONCURRENCY} clients, ${warmupSeconds} s warm-up + ${seconds} s per pair; ${concurrent} x ${COMPLETE_CHARS} chars for completeness\n`,
    );
    console.log('| pair | chars/s | p50 ms | p95 ms | completeness |\n|---|---|---|---|---|');
    const cache = new Map<string, string[]>();
    const failures: string[] = [];
    for (const pair of pairs) {
      const paragraphs = await paragraphsOf(service.url, splitPair(pair)[0], cache);
      failures.push(...(await measure(service.url, pair, paragraphs)));
    }
    console.log(
      `\nload average at the end: ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
    if (failures.length) {
      console.log(`\nFAIL:\n${failures.join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await service?.stop();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
