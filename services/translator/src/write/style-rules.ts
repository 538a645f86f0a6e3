// writing_style and tone offline: fixed, listed rules per language (docs/write.md shows each with its
// example). They replace words and phrases; they do not rewrite sentences, which needs a language
// model. A style or tone a language has no rules for is not offered for it (400, or the default for
// the `prefer_` variants).
import { exclaiming, type Rule, removing, replacing } from './phrase-rules.js';

export type Register = 'simple' | 'business' | 'academic' | 'casual' | 'enthusiastic' | 'friendly' | 'confident' | 'diplomatic';

const EN_EXPANSIONS: Record<string, string> = {
  "don't": 'do not',
  "doesn't": 'does not',
  "didn't": 'did not',
  "isn't": 'is not',
  "aren't": 'are not',
  "wasn't": 'was not',
  "weren't": 'were not',
  "haven't": 'have not',
  "hasn't": 'has not',
  "hadn't": 'had not',
  "can't": 'cannot',
  "couldn't": 'could not',
  "shouldn't": 'should not',
  "wouldn't": 'would not',
  "won't": 'will not',
  "mustn't": 'must not',
  "i'm": 'I am',
  "you're": 'you are',
  "we're": 'we are',
  "they're": 'they are',
  "i've": 'I have',
  "you've": 'you have',
  "we've": 'we have',
  "they've": 'they have',
  "i'll": 'I will',
  "you'll": 'you will',
  "we'll": 'we will',
  "they'll": 'they will',
  "he'll": 'he will',
  "she'll": 'she will',
  "it'll": 'it will',
  "let's": 'let us',
  "it's been": 'it has been',
  "that's been": 'that has been',
  "there's been": 'there has been',
  "it's": 'it is',
  "that's": 'that is',
  "there's": 'there is',
  "here's": 'here is',
  "what's": 'what is',
  "he's": 'he is',
  "she's": 'she is',
};
// The same the other way, where the contraction is right before any following word.
const EN_NEGATIVE_CONTRACTIONS: Record<string, string> = {
  'do not': "don't",
  'does not': "doesn't",
  'did not': "didn't",
  'is not': "isn't",
  'are not': "aren't",
  'was not': "wasn't",
  'were not': "weren't",
  'has not': "hasn't",
  'had not': "hadn't",
  cannot: "can't",
  'could not': "couldn't",
  'should not': "shouldn't",
  'would not': "wouldn't",
  'will not': "won't",
};
const EN_PRONOUN_CONTRACTIONS: Record<string, string> = {
  'i am': "I'm",
  'you are': "you're",
  'we are': "we're",
  'they are': "they're",
  'it is': "it's",
  'that is': "that's",
  'there is': "there's",
  'i will': "I'll",
  'you will': "you'll",
  'we will': "we'll",
  'they will': "they'll",
  'let us': "let's",
};

const EN_CONTRACT = [
  replacing('Negations are contracted.', ['We do not need it.', "We don't need it."], EN_NEGATIVE_CONTRACTIONS),
  replacing(
    'A pronoun and am, are, is or will are contracted when a word follows.',
    ['I am sure it is fine.', "I'm sure it's fine."],
    EN_PRONOUN_CONTRACTIONS,
    { followedByWord: true },
  ),
];
const EN_FORMAL = [
  replacing('Contractions are written out.', ["We can't attend, but it's fine.", 'We cannot attend, but it is fine.'], EN_EXPANSIONS),
  removing(
    'Fillers go: basically, actually, literally, totally, honestly.',
    ['Basically, the plan is actually ready.', 'The plan is ready.'],
    ['basically', 'actually', 'literally', 'totally', 'honestly'],
  ),
  removing(
    'Spoken sentence openers go: well, like, you know, I mean.',
    ['Well, the report is late.', 'The report is late.'],
    ['well,', 'like,', 'you know,', 'i mean,'],
    { sentenceStart: true },
  ),
];

const ES_FORMAL = [
  removing(
    'Las muletillas se quitan: básicamente, literalmente, o sea, en plan.',
    ['Básicamente, el plan está listo.', 'El plan está listo.'],
    ['básicamente', 'literalmente', 'o sea', 'en plan'],
  ),
  removing(
    'Las aperturas habladas se quitan: bueno, pues, vale.',
    ['Bueno, el informe llega tarde.', 'El informe llega tarde.'],
    ['bueno,', 'pues,', 'vale,'],
    { sentenceStart: true },
  ),
];

export const RULES: Readonly<Record<string, Partial<Record<Register, readonly Rule[]>>>> = {
  EN: {
    business: [
      ...EN_FORMAL,
      replacing(
        'Casual greetings and thanks become formal.',
        ['Hey team, thanks for the update.', 'Hello team, thank you for the update.'],
        {
          hey: 'hello',
          hi: 'hello',
          thanks: 'thank you',
        },
      ),
    ],
    academic: [
      ...EN_FORMAL,
      replacing(
        'Sentences do not open with But, So, And or Also.',
        ['The data is small. But the trend is clear.', 'The data is small. However, the trend is clear.'],
        { but: 'however,', so: 'therefore,', 'so,': 'therefore,', and: 'in addition,', 'also,': 'furthermore,' },
        { sentenceStart: true },
      ),
    ],
    casual: EN_CONTRACT,
    simple: [
      replacing(
        'Long words become plain ones (a fixed list).',
        ['We utilize this tool to facilitate approximately 20 tasks.', 'We use this tool to help about 20 tasks.'],
        {
          utilize: 'use',
          utilizes: 'uses',
          utilized: 'used',
          utilizing: 'using',
          utilise: 'use',
          utilises: 'uses',
          utilised: 'used',
          utilising: 'using',
          commence: 'start',
          commences: 'starts',
          commenced: 'started',
          commencing: 'starting',
          terminate: 'end',
          terminates: 'ends',
          terminated: 'ended',
          terminating: 'ending',
          approximately: 'about',
          assist: 'help',
          assists: 'helps',
          assisted: 'helped',
          assisting: 'helping',
          facilitate: 'help',
          facilitates: 'helps',
          facilitated: 'helped',
          facilitating: 'helping',
          demonstrate: 'show',
          demonstrates: 'shows',
          demonstrated: 'showed',
          demonstrating: 'showing',
          sufficient: 'enough',
          additional: 'more',
          numerous: 'many',
          subsequently: 'later',
          regarding: 'about',
          obtain: 'get',
          obtains: 'gets',
          obtained: 'got',
          obtaining: 'getting',
          require: 'need',
          requires: 'needs',
          required: 'needed',
          requiring: 'needing',
          individuals: 'people',
          ascertain: 'find out',
        },
      ),
      replacing(
        'Wordy phrases become short ones.',
        ['Prior to the meeting, read it in order to prepare.', 'Before the meeting, read it to prepare.'],
        {
          'prior to': 'before',
          'in order to': 'to',
          'due to the fact that': 'because',
          'in the event that': 'if',
          'at this point in time': 'now',
          'a large number of': 'many',
          'with regard to': 'about',
        },
      ),
    ],
    confident: [
      removing(
        'Hedging openers go: I think, I believe, I guess, maybe, perhaps.',
        ['I think we should start today.', 'We should start today.'],
        ['i think that', 'i think', 'i believe that', 'i believe', 'i guess', 'maybe', 'perhaps'],
        { sentenceStart: true },
      ),
      removing(
        'Hedges inside a sentence go: probably, kind of, sort of.',
        ['It is probably the best option.', 'It is the best option.'],
        ['probably', 'kind of', 'sort of'],
      ),
    ],
    diplomatic: [
      replacing('Demands are softened.', ['You must send it and I want an answer.', 'You should send it and I would like an answer.'], {
        must: 'should',
        'i want': 'I would like',
        'need to': 'may want to',
        'is wrong': 'is not quite right',
        'are wrong': 'are not quite right',
      }),
    ],
    friendly: [
      ...EN_CONTRACT,
      replacing(
        'A formal greeting becomes a friendly one.',
        ['Hello Anna, we do not mind.', "Hi Anna, we don't mind."],
        { hello: 'hi' },
        {
          sentenceStart: true,
        },
      ),
    ],
    enthusiastic: [
      replacing(
        'Plain praise becomes stronger.',
        ['The results are good and the team is happy.', 'The results are great and the team is delighted!'],
        {
          good: 'great',
          nice: 'wonderful',
          glad: 'thrilled',
          happy: 'delighted',
          interesting: 'fascinating',
        },
      ),
      exclaiming('The last sentence ends with "!" (when the text has none).', [
        'Thank you for the interesting talk.',
        'Thank you for the fascinating talk!',
      ]),
    ],
  },
  ES: {
    business: [
      ...ES_FORMAL,
      replacing(
        'Los saludos informales se vuelven formales.',
        ['Hola equipo, gracias por todo.', 'Buenos días equipo, gracias por todo.'],
        {
          hola: 'buenos días',
        },
        { sentenceStart: true },
      ),
    ],
    academic: [
      ...ES_FORMAL,
      replacing(
        'Las frases no empiezan por Pero, Así que, Y o También.',
        ['Los datos son pocos. Pero la tendencia es clara.', 'Los datos son pocos. Sin embargo, la tendencia es clara.'],
        { pero: 'sin embargo,', 'así que': 'por lo tanto,', y: 'además,', 'también,': 'asimismo,' },
        { sentenceStart: true },
      ),
    ],
    simple: [
      replacing(
        'Las palabras largas se vuelven sencillas (una lista fija).',
        ['Utilizamos esta herramienta y finalizó ayer.', 'Usamos esta herramienta y terminó ayer.'],
        {
          utilizar: 'usar',
          utiliza: 'usa',
          utilizan: 'usan',
          utilizamos: 'usamos',
          utilizó: 'usó',
          utilizado: 'usado',
          utilizada: 'usada',
          utilizando: 'usando',
          finalizar: 'terminar',
          finaliza: 'termina',
          finalizó: 'terminó',
          finalizado: 'terminado',
          adquirir: 'comprar',
          adquirió: 'compró',
          adquirido: 'comprado',
          posteriormente: 'después',
          previamente: 'antes',
          aproximadamente: 'más o menos',
          'no obstante': 'pero',
          'con el fin de': 'para',
          'a fin de': 'para',
          'en la actualidad': 'hoy',
          'llevar a cabo': 'hacer',
          'llevó a cabo': 'hizo',
          'lleva a cabo': 'hace',
        },
      ),
    ],
    confident: [
      removing(
        'Las aperturas dubitativas se quitan: creo que, pienso que, me parece que.',
        ['Creo que debemos empezar hoy.', 'Debemos empezar hoy.'],
        ['creo que', 'pienso que', 'me parece que'],
        { sentenceStart: true },
      ),
      removing('Probablemente se quita.', ['Es probablemente la mejor opción.', 'Es la mejor opción.'], ['probablemente']),
    ],
    diplomatic: [
      replacing('Las exigencias se suavizan.', ['Debes enviarlo y quiero una respuesta.', 'Deberías enviarlo y quisiera una respuesta.'], {
        debes: 'deberías',
        debe: 'debería',
        deben: 'deberían',
        quiero: 'quisiera',
        'está mal': 'no es del todo correcto',
      }),
    ],
    friendly: [
      replacing(
        'Un saludo formal se vuelve cercano.',
        ['Estimado Juan, gracias.', 'Hola Juan, gracias.'],
        {
          estimado: 'hola',
          estimada: 'hola',
          estimados: 'hola',
          estimadas: 'hola',
        },
        { sentenceStart: true },
      ),
    ],
    enthusiastic: [
      replacing(
        'Los elogios sencillos se refuerzan.',
        ['El resultado es bueno y estamos contentos.', '¡El resultado es excelente y estamos encantados!'],
        {
          bueno: 'excelente',
          buena: 'excelente',
          buenos: 'excelentes',
          buenas: 'excelentes',
          interesante: 'fascinante',
          contento: 'encantado',
          contenta: 'encantada',
          contentos: 'encantados',
          contentas: 'encantadas',
        },
      ),
      exclaiming(
        'La última frase se vuelve exclamativa (si el texto no tiene ninguna).',
        ['Gracias por la charla.', '¡Gracias por la charla!'],
        '¡',
      ),
    ],
  },
};

/** The rules of a style or tone for a language; undefined when the language has none. */
export function rulesFor(language: string, register: Register): readonly Rule[] | undefined {
  return RULES[language]?.[register];
}
