// The sentences of the rephrase/correct figure, written here (nothing is downloaded): English and Spanish
// sentences built from hand-written parts (subject, verb, object, when/how), drawn with a fixed seed, and
// one seeded typo per sentence at a known word.

export interface SeededSentence {
  language: 'EN' | 'ES';
  /** The correct sentence. */
  original: string;
  /** The sentence with its typo. */
  corrupted: string;
  /** Index, among the original's space-separated words, of the word the typo is in. */
  wordIndex: number;
  slip: Slip;
}

export type Slip = 'swapped' | 'dropped' | 'doubled' | 'repeated word';

const PARTS = {
  EN: {
    subjects: [
      'The manager',
      'My neighbor',
      'Our team',
      'The old teacher',
      'A young doctor',
      'The small company',
      'Every student',
      'The new driver',
      'Her brother',
      'The local library',
      'My grandmother',
      'The tired engineer',
      'His cousin',
      'The friendly waiter',
      'Our landlord',
      'The famous writer',
      'A careful nurse',
      'The city council',
      'My best friend',
      'The quiet musician',
      'Their daughter',
      'The science teacher',
      'A local farmer',
      'The hotel owner',
      'Our gardener',
    ],
    verbs: [
      'bought',
      'repaired',
      'visited',
      'described',
      'painted',
      'ordered',
      'cleaned',
      'finished',
      'opened',
      'carried',
      'checked',
      'delivered',
      'borrowed',
      'explained',
      'prepared',
      'washed',
      'found',
      'moved',
      'measured',
      'watched',
      'printed',
      'answered',
      'protected',
      'remembered',
      'collected',
    ],
    objects: [
      'a beautiful garden',
      'the broken window',
      'several interesting books',
      'the weekly report',
      'a large wooden table',
      'the kitchen floor',
      'an expensive camera',
      'the heavy boxes',
      'the difficult question',
      'a delicious dinner',
      'the empty bottles',
      'a long letter',
      'the yellow bicycle',
      'the monthly budget',
      'an old photograph',
      "the children's toys",
      'the narrow bridge',
      'a simple recipe',
      'the favorite song',
      'the green curtains',
      'the important documents',
      'a warm blanket',
      'the missing keys',
      'the public garden',
      'a strange noise',
    ],
    endings: [
      'yesterday afternoon.',
      'before the meeting.',
      'during the summer holidays.',
      'with great care.',
      'after breakfast.',
      'in the morning.',
      'last weekend.',
      'without any help.',
      'near the station.',
      'for the whole family.',
      'early on Monday.',
      'after a long day.',
      'in the rain.',
      'before lunch.',
      'with her friends.',
      'every evening.',
      'at the end of the month.',
      'in the village.',
      'because it was necessary.',
      'despite the cold weather.',
      'two days ago.',
      'after the storm.',
      'for the first time.',
      'on a sunny day.',
      'without saying a word.',
    ],
  },
  ES: {
    subjects: [
      'El gerente',
      'Mi vecina',
      'Nuestro equipo',
      'El viejo profesor',
      'Una joven doctora',
      'La pequeña empresa',
      'Cada estudiante',
      'El nuevo conductor',
      'Su hermano',
      'La biblioteca municipal',
      'Mi abuela',
      'El ingeniero cansado',
      'Su prima',
      'El camarero amable',
      'Nuestro casero',
      'La escritora famosa',
      'Una enfermera cuidadosa',
      'El ayuntamiento',
      'Mi mejor amigo',
      'El músico tranquilo',
      'Su hija',
      'La profesora de ciencias',
      'Un agricultor local',
      'El dueño del hotel',
      'Nuestro jardinero',
    ],
    verbs: [
      'compró',
      'reparó',
      'visitó',
      'describió',
      'pintó',
      'pidió',
      'limpió',
      'terminó',
      'abrió',
      'llevó',
      'revisó',
      'entregó',
      'explicó',
      'preparó',
      'lavó',
      'encontró',
      'movió',
      'midió',
      'miró',
      'imprimió',
      'respondió',
      'protegió',
      'recordó',
      'recogió',
      'guardó',
    ],
    objects: [
      'un jardín precioso',
      'la ventana rota',
      'varios libros interesantes',
      'el informe semanal',
      'una mesa grande',
      'el suelo de la cocina',
      'una cámara cara',
      'las cajas pesadas',
      'la pregunta difícil',
      'una cena deliciosa',
      'las botellas vacías',
      'una carta larga',
      'la bicicleta amarilla',
      'el presupuesto mensual',
      'una fotografía antigua',
      'los juguetes de los niños',
      'el puente estrecho',
      'una receta sencilla',
      'la canción favorita',
      'las cortinas verdes',
      'los documentos importantes',
      'una manta caliente',
      'las llaves perdidas',
      'el parque público',
      'un ruido extraño',
    ],
    endings: [
      'ayer por la tarde.',
      'antes de la reunión.',
      'durante las vacaciones de verano.',
      'con mucho cuidado.',
      'después del desayuno.',
      'por la mañana.',
      'el fin de semana pasado.',
      'sin ninguna ayuda.',
      'cerca de la estación.',
      'para toda la familia.',
      'temprano el lunes.',
      'después de un día largo.',
      'bajo la lluvia.',
      'antes de comer.',
      'con sus amigas.',
      'todas las noches.',
      'a final de mes.',
      'en el pueblo.',
      'porque era necesario.',
      'a pesar del frío.',
      'hace dos días.',
      'después de la tormenta.',
      'por primera vez.',
      'en un día soleado.',
      'sin decir una palabra.',
    ],
  },
} as const;

/** A small deterministic generator (mulberry32), so every run measures the same sentences. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct correct sentences of the language. */
export function sentences(language: 'EN' | 'ES', count: number, random: () => number): string[] {
  const parts = PARTS[language];
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(`${pick(parts.subjects)} ${pick(parts.verbs)} ${pick(parts.objects)} ${pick(parts.endings)}`);
  return [...chosen];
}

/**
 * One typo in a random word of at least 3 letters: two neighbouring letters swapped, a letter dropped, a
 * letter doubled, or the whole word repeated. A letter slip that happens to spell another real word
 * (`isWord`) is drawn again: no spelling checker can see such a slip, and this figure is about the ones
 * it can.
 */
export function seedTypo(language: 'EN' | 'ES', original: string, random: () => number, isWord: (word: string) => boolean): SeededSentence {
  const words = original.split(' ');
  const candidates = words.flatMap((word, index) => (/^\p{Ll}{3,}$/u.test(word) ? [index] : []));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const wordIndex = candidates[Math.floor(random() * candidates.length)]!;
    const slip: Slip = (['swapped', 'dropped', 'doubled', 'repeated word'] as const)[Math.floor(random() * 4)]!;
    const word = words[wordIndex]!;
    if (slip === 'repeated word') {
      const corrupted = [...words.slice(0, wordIndex + 1), word, ...words.slice(wordIndex + 1)].join(' ');
      return { language, original, corrupted, wordIndex, slip };
    }
    const letters = [...word];
    const at = Math.floor(random() * (slip === 'swapped' ? letters.length - 1 : letters.length));
    if (slip === 'swapped') [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
    else if (slip === 'dropped') letters.splice(at, 1);
    else letters.splice(at, 0, letters[at]!);
    const typo = letters.join('');
    if (typo === word || isWord(typo)) continue;
    const corrupted = words.map((item, index) => (index === wordIndex ? typo : item)).join(' ');
    return { language, original, corrupted, wordIndex, slip };
  }
  throw new Error(`no typo could be seeded in: ${original}`);
}
