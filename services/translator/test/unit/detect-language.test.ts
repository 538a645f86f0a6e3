import { afterAll, describe, expect, it } from '@jest/globals';
import { createLanguageDetector } from '../../src/languages/detect-language.js';
import { RecentLanguages } from '../../src/languages/recent-languages.js';
import { createWordAnalysers, findAnalysers, knownRate } from '../../src/languages/word-analysers.js';

// The Apertium engine's source languages.
const ALL_SOURCES = [
  'EN',
  'ES',
  'CA',
  'PT',
  'FR',
  'IT',
  'RO',
  'GL',
  'EU',
  'RU',
  'UK',
  'SV',
  'DA',
  'AF',
  'NL',
  'ID',
  'MS',
  'MK',
  'BG',
  'EO',
] as const;

const detector = createLanguageDetector();

describe('createLanguageDetector', () => {
  it.each([
    ['EN', 'Could you send me the report before Friday?'],
    ['ES', '¿Podrías enviarme el informe antes del viernes?'],
    ['CA', "Em podries enviar l'informe abans de divendres?"],
    ['PT', 'Podes enviar-me o relatório antes de sexta-feira?'],
    ['FR', "Pourriez-vous m'envoyer le rapport avant vendredi ?"],
    ['IT', 'Potresti mandarmi il rapporto prima di venerdì?'],
    ['RU', 'Не могли бы вы прислать мне отчёт до пятницы?'],
    ['UK', 'Чи могли б ви надіслати мені звіт до пʼятниці?'],
  ])('detects %s among all the engine’s source languages', (language, sentence) => {
    expect(detector.detect(sentence, ALL_SOURCES)).toBe(language);
  });

  it('detects a paragraph as well as a sentence', () => {
    const paragraph =
      "L'ajuntament es va reunir dimarts a la nit per discutir el nou pla per al port vell. Diversos veïns van " +
      "preguntar si els vaixells de pesca haurien de traslladar-se, i l'alcalde va prometre que ningú perdria el seu lloc.";
    expect(detector.detect(paragraph, ALL_SOURCES)).toBe('CA');
  });

  it('answers only among the candidates: Spanish text with candidates EN and FR is EN or FR', () => {
    const answer = detector.detect('¿Podrías enviarme el informe antes del viernes?', ['EN', 'FR']);
    expect(['EN', 'FR']).toContain(answer);
  });

  it('never answers a language outside the candidates, whatever the text', () => {
    const texts = [
      'Could you send me the report before Friday?',
      'Не могли бы вы прислать мне отчёт до пятницы?',
      'Mijn zus werkt in een kleine bakkerij.',
      'Gracias',
    ];
    const candidateLists = [['EN'], ['RU', 'UK'], ['ES', 'CA', 'GL'], ['AF', 'EO'], ['BG', 'MK', 'SV'], ['JA', 'ZH']];
    for (const text of texts) {
      for (const candidates of candidateLists) {
        const answer = detector.detect(text, candidates);
        if (answer !== undefined) expect(candidates).toContain(answer);
      }
    }
  });

  it('still names the best candidate for a single word', () => {
    expect(detector.detect('Gracias', ALL_SOURCES)).toBe('ES');
  });

  it.each([['1234 !!!'], [''], ['   '], ['12.5% (3/4) — 2024-06-01']])(
    'returns undefined for %j, which has no letters to detect from',
    (text) => {
      expect(detector.detect(text, ALL_SOURCES)).toBeUndefined();
    },
  );

  it('returns undefined when nothing but markup, links, addresses and numbers is left', () => {
    expect(detector.detect('<br/> https://example.com/a/b 42 info@example.com &nbsp; www.example.org', ALL_SOURCES)).toBeUndefined();
  });

  it('ignores tags, URLs and e-mail addresses around the words', () => {
    const text =
      '<div class="content-wrapper"><a href="https://www.example.com/download/the/latest/release/notes">' +
      'Merci beaucoup pour votre aide</a> write to support@example.com or see https://www.example.com/help/center/faq</div>';
    expect(detector.detect(text, ALL_SOURCES)).toBe('FR');
  });

  it('names a language the package lacks through its close relative when that relative is no candidate', () => {
    expect(detector.detect('Kan jy vir my die verslag voor Vrydag stuur?', ['AF', 'EN', 'DE'])).toBe('AF');
    expect(detector.detect('Можеш ли да ми го испратиш извештајот пред петок?', ['MK', 'RU', 'UK'])).toBe('MK');
  });

  it('answers the only candidate, even one the n-gram model cannot score', () => {
    expect(detector.detect('La vetero estis malvarma sed tre suna.', ['EO'])).toBe('EO');
  });

  it('answers in the spelling the candidates were given in', () => {
    expect(detector.detect('Could you send me the report before Friday?', ['en', 'es'])).toBe('en');
  });
});

// The served languages' Apertium analysers (installed with the pairs), one warm lt-proc each. The
// timeout is generous: twenty cold starts at once on a loaded machine may pass the service's 2 s.
const checked = createLanguageDetector({ analysers: createWordAnalysers({ modesDir: '/usr/share/apertium/modes', timeoutMs: 60_000 }) });
afterAll(() => checked.close());
const SERVED = ALL_SOURCES.filter((code) => code !== 'EO');

describe('detectWithDictionaries: short strings', () => {
  it.each([
    ['EN', 'Hello.'],
    ['ES', 'Gracias'],
    ['ES', 'Guardar cambios'],
    ['CA', 'Desa els canvis'],
    ['PT', 'Esqueceu a senha?'],
    ['GL', 'Moitas grazas!'],
    ['SV', 'Glömt lösenordet?'],
    ['DA', 'Glemt adgangskode?'],
    ['NL', 'Wachtwoord vergeten?'],
    ['AF', 'Wagwoord vergeet?'],
    ['MK', 'Нова лозинка'],
    ['BG', 'Забравена парола?'],
  ])('detects %s for the UI string %j among the served languages', async (language, text) => {
    await expect(checked.detectWithDictionaries(text, SERVED)).resolves.toBe(language);
  });

  it('detects German for "Protonenstrahl" when German is a candidate without an analyser: words no dictionary knows count for it', async () => {
    await expect(checked.detectWithDictionaries('Protonenstrahl', [...SERVED, 'DE'])).resolves.toBe('DE');
  });

  it('never answers a language outside the candidates', async () => {
    for (const candidates of [['EN'], ['RU', 'UK'], ['ES', 'CA', 'GL'], ['BG', 'MK', 'SV']]) {
      const answer = await checked.detectWithDictionaries('Mijn zus werkt in een kleine bakkerij.', candidates);
      expect(candidates).toContain(answer);
    }
  });

  it('answers from the n-grams alone when the analysers do not answer in time', async () => {
    const impatient = createLanguageDetector({ analysers: createWordAnalysers({ modesDir: '/usr/share/apertium/modes', timeoutMs: 0 }) });
    try {
      await expect(impatient.detectWithDictionaries('Could you send me the report before Friday?', SERVED)).resolves.toBe('EN');
    } finally {
      impatient.close();
    }
  });

  it('returns undefined for a text with no letters', async () => {
    await expect(checked.detectWithDictionaries('12.5% (3/4)', SERVED)).resolves.toBeUndefined();
  });
});

describe('detection hints', () => {
  it('reads the context along with the text: a string Malay and Indonesian share follows the context', async () => {
    const shared = 'Terima kasih banyak!';
    await expect(
      checked.detectWithDictionaries(shared, SERVED, { context: 'Sila log masuk semula untuk melihat pesanan anda.' }),
    ).resolves.toBe('MS');
    await expect(
      checked.detectWithDictionaries(shared, SERVED, { context: 'Kata sandi Anda sudah diganti, silakan cek email Anda sekarang.' }),
    ).resolves.toBe('ID');
  });

  it("tips a close call toward the key's recent languages, and remembers each key apart", async () => {
    const recent = new RecentLanguages();
    const withHistory = createLanguageDetector({ recent });
    for (let i = 0; i < 4; i++) recent.record('malay-key', 'MS');
    for (let i = 0; i < 4; i++) recent.record('indonesian-key', 'ID');
    expect(withHistory.detect('Selamat malam', ['ID', 'MS'], { key: 'malay-key' })).toBe('MS');
    expect(withHistory.detect('Selamat malam', ['ID', 'MS'], { key: 'indonesian-key' })).toBe('ID');
  });

  it('does not let history outvote a text that clearly is another language', () => {
    const recent = new RecentLanguages();
    for (let i = 0; i < 16; i++) recent.record('key', 'ES');
    const withHistory = createLanguageDetector({ recent });
    expect(withHistory.detect('Could you send me the report before Friday?', ALL_SOURCES, { key: 'key' })).toBe('EN');
  });

  it('records each detection under its key', () => {
    const recent = new RecentLanguages();
    const withHistory = createLanguageDetector({ recent });
    withHistory.detect('Could you send me the report before Friday?', ALL_SOURCES, { key: 'k' });
    expect(recent.shares('k')).toEqual(new Map([['EN', 1]]));
    expect(recent.shares('other')).toEqual(new Map());
  });
});

describe('RecentLanguages', () => {
  it('keeps the last languages per key and forgets the least recently seen key beyond the bound', () => {
    const recent = new RecentLanguages({ maxKeys: 2, perKey: 4 });
    for (const language of ['EN', 'EN', 'ES', 'ES', 'ES', 'ES']) recent.record('a', language);
    expect(recent.shares('a')).toEqual(new Map([['ES', 1]]));
    recent.record('b', 'FR');
    recent.record('a', 'EN');
    recent.record('c', 'IT');
    expect(recent.size).toBe(2);
    expect(recent.shares('b')).toEqual(new Map());
    expect(recent.shares('a').get('EN')).toBe(0.25);
  });
});

describe('knownRate', () => {
  it('counts the analysed words the dictionary knows, ignoring punctuation', () => {
    expect(knownRate('^Save/Save<vblex><inf>$ ^changes/change<n><pl>$^./.<sent>$')).toBe(1);
    expect(knownRate('^Protonenstrahl/*Protonenstrahl$')).toBe(0);
    expect(knownRate('^the/the<det>$ ^Protonenstrahl/*Protonenstrahl$')).toBe(0.5);
    expect(knownRate('')).toBe(0);
  });
});

describe('findAnalysers', () => {
  it("finds each installed language's analyser, the Serbo-Croatian one for HR, SR and BS", () => {
    const analysers = findAnalysers('/usr/share/apertium/modes');
    expect(analysers.get('ES')).toMatch(/\/spa-[a-z]+\.automorf\.bin$/);
    expect(analysers.get('MS')).toMatch(/\/zlm-ind\.automorf\.bin$/);
    expect(analysers.get('HR')).toMatch(/\/hbs-[a-z]+\.automorf\.bin$/);
    expect(analysers.get('BS')).toBe(analysers.get('HR'));
    expect(analysers.has('DE')).toBe(false);
  });

  it('gives HR, SR and BS the rate of their one shared analyser', async () => {
    const analysers = createWordAnalysers({ modesDir: '/usr/share/apertium/modes', timeoutMs: 60_000 });
    try {
      const rates = await analysers.knownWordRates('Vidimo se sutra', ['HR', 'SR', 'BS', 'EN']);
      expect(rates?.get('HR')).toBeGreaterThan(rates!.get('EN')!);
      expect(rates?.get('SR')).toBe(rates?.get('HR'));
      expect(rates?.get('BS')).toBe(rates?.get('HR'));
    } finally {
      analysers.close();
    }
  });

  it('finds none where no Apertium data is installed', () => {
    expect(findAnalysers('/nonexistent/apertium/modes').size).toBe(0);
  });
});
