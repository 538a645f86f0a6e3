import { describe, expect, it } from '@jest/globals';
import { createLanguageDetector } from '../../src/languages/detect-language.js';

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

  it('returns undefined when no candidate is a language it can score', () => {
    expect(detector.detect('La vetero estis malvarma sed tre suna.', ['EO'])).toBeUndefined();
  });

  it('answers in the spelling the candidates were given in', () => {
    expect(detector.detect('Could you send me the report before Friday?', ['en', 'es'])).toBe('en');
  });
});
