// Croatian, Serbian and Bosnian in Latin script share most of their letters and words: character n-grams
// and the one Serbo-Croatian analyser cannot tell them apart. Two differences are regular and frequent:
// the reflex of the old vowel jat (Serbian is ekavian: "vreme", "mesto", "dete"; Croatian and Bosnian are
// ijekavian: "vrijeme", "mjesto", "dijete"), and a set of everyday words that differ ("hiljada" and
// "tisuća", "voz" and "vlak", "šta" and "što", the month names), with Serbian's "da li" and "da" with the
// present after a modal verb. Text in Cyrillic script is Serbian.
// The lists are the standard textbook doublets, not taken from the bench's corpus.

const CYRILLIC = /[\u0400-\u04FF]/;
const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

// Serbian: ekavian forms of frequent jat words, and Serbian words where Croatian has another.
const SERBIAN = wordSet(`
  vreme vremenu mesto mesta mestu reč reči deca dece deci dete deteta lep lepa lepo lepe pesma pesme cena cene
  cenu uvek gde mleko videti beo belo bela celo ceo cela posle pre reka reke svet sveta svetu hteo htela hleb
  nedelja nedelje sreda mesec meseca delo dela rešenje primer primena sledeći sledeće verovatno odeljenje
  zdravlje mera mere deo delova uslovi uslov pretraga obaveštenje hiljada hiljade voz voza univerzitet opština
  avion kafa kafu sedmica pozorište fudbal istorija tačka bezbednost ko šta lekar apoteka nemačka januar februar
  mart avgust septembar oktobar novembar decembar porodica saobraćaj uspeo uspela uspelo uspeli sme smeš proveri
  proverite provera setio setila setiti sneg snega pomeren pomeriti nedeljom bioskop prodavnica fajl imejl korpa
  korpu izmene izmena podešavanja porudžbina porudžbinu korišćenja korišćenje svež sveže srećan srećno
`);

// Croatian (and, for the jat forms, Bosnian): ijekavian forms and Croatian words where Serbian has another.
const CROATIAN = wordSet(`
  vrijeme mjesto mjesta mjestu riječ riječi djeca djece djeci dijete djeteta lijep lijepa lijepo lijepe pjesma
  pjesme cijena cijene cijenu uvijek gdje mlijeko vidjeti bijel bijelo bijela cijelo cijeli cijela poslije prije
  rijeka rijeke svijet svijeta svijetu htio htjela nedjelja nedjelje srijeda mjesec mjeseca djelo djela rješenje
  primjer primjena sljedeći sljedeće vjerojatno odjel mjera mjere dio dijelova uvjeti uvjet pretraživanje
  obavijest tisuća tisuće vlak vlaka kruh sveučilište općina zrakoplov kava kavu tjedan tjedna kazalište nogomet
  povijest točka sigurnost tko što liječnik ljekarna njemačka siječanj veljača ožujak travanj svibanj lipanj
  srpanj kolovoz rujan listopad studeni prosinac obitelj promet spremi spremiti izbornik postavke datoteka uspio
  uspjela uspjelo uspjeli smije provjeri provjerite provjera sjetio sjetila sjetiti snijeg snijega pomaknut kino
  trgovina narudžba narudžbu košarica košaricu izmjene izmjena korištenja korištenje svjež svježe sretan sretno
`);

// Serbian asks with "da li" and puts "da" and the present after a modal verb ("mora da ima"), where Croatian
// asks with "je li" and uses the infinitive ("mora imati").
const SERBIAN_PAIRS = ['da li', 'mora da', 'moraš da', 'treba da', 'može da', 'možeš da', 'sme da', 'hoću da', 'hoćeš da', 'želim da'];
const CROATIAN_PAIRS = ['je li'];

export type SerboCroatianVariant = 'SR' | 'HR';

/** Which variant the text's words point to, or undefined when they point to neither or to both equally. */
export function serboCroatianVariant(text: string): SerboCroatianVariant | undefined {
  if (CYRILLIC.test(text)) return 'SR';
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  let serbian = 0;
  let croatian = 0;
  for (const [at, word] of words.entries()) {
    if (SERBIAN.has(word)) serbian++;
    if (CROATIAN.has(word)) croatian++;
    const pair = `${word} ${words[at + 1]}`;
    if (SERBIAN_PAIRS.includes(pair)) serbian++;
    if (CROATIAN_PAIRS.includes(pair)) croatian++;
  }
  if (serbian === croatian) return undefined;
  return serbian > croatian ? 'SR' : 'HR';
}
