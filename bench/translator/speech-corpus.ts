// 240 English sentences written for the speech recognition bench (not from any model's training text):
// everyday statements built from short clauses, so the words are common but the sentences are new.
const SUBJECTS = [
  'my sister',
  'the old farmer',
  'our neighbour',
  'a young teacher',
  'the driver',
  'his friend',
  'the doctor',
  'every student',
];
const ACTIONS = [
  'painted the fence',
  'carried two boxes',
  'found a small key',
  'opened the window',
  'cooked some rice',
  'called the office',
  'planted three trees',
  'washed the car',
  'read a long letter',
  'fixed the broken chair',
];
const WHEN = ['this morning', 'on monday', 'after lunch', 'before dinner', 'last week', 'in the evening'];

/** The corpus: subject, action and time combined, 240 distinct sentences. */
export function speechCorpus(count = 240): string[] {
  const sentences: string[] = [];
  for (let index = 0; sentences.length < count; index++) {
    const subject = SUBJECTS[index % SUBJECTS.length]!;
    const action = ACTIONS[Math.floor(index / SUBJECTS.length) % ACTIONS.length]!;
    const when = WHEN[(index * 7) % WHEN.length]!;
    sentences.push(`${subject} ${action} ${when}`);
  }
  return sentences;
}
