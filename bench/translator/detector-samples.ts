// Labelled text for the detector comparison, keyed by DeepL base code: six short sentences
// (20-60 characters) and two paragraphs (200+ characters) per language, the same content in each,
// plus two greetings under 20 characters that show how a detector copes with almost no signal.
// ES, EN, RO, EU, EO, RU, UK, SV, NL, ID, MK and BG were written by hand; CA, PT, FR, IT and GL
// started from Apertium (spa-cat, es-pt, es-fr, spa-ita, es-gl), DA from swe-dan, AF from nld-afr
// and MS from ind-zlm, then were corrected by hand where Apertium left words untranslated.

export interface LanguageSamples {
  tiny: string[];
  short: string[];
  long: string[];
}

export const SAMPLES: Record<string, LanguageSamples> = {
  EN: {
    tiny: ['Good morning', 'See you tomorrow'],
    short: [
      'The train to the city leaves at noon.',
      'Please close the window before you go.',
      'My sister works in a small bakery.',
      'We could not find the keys anywhere.',
      'The weather was cold but very sunny.',
      'How much does this book cost?',
    ],
    long: [
      'The town council met on Tuesday evening to discuss the new plan for the old harbour. Several residents asked whether the fishing boats would have to move, and the mayor promised that nobody would lose their place before the end of the summer. A final vote is expected next month.',
      'Learning a second language takes time and patience. Most teachers recommend reading a little every day, listening to the radio, and speaking with other people as often as possible, even when you make mistakes. After a few months, the progress is usually easy to see.',
    ],
  },
  ES: {
    tiny: ['Buenos días', 'Hasta mañana'],
    short: [
      'El tren a la ciudad sale a mediodía.',
      'Por favor, cierra la ventana antes de irte.',
      'Mi hermana trabaja en una panadería pequeña.',
      'No pudimos encontrar las llaves en ningún sitio.',
      'El tiempo era frío pero muy soleado.',
      '¿Cuánto cuesta este libro?',
    ],
    long: [
      'El ayuntamiento se reunió el martes por la noche para discutir el nuevo plan para el puerto viejo. Varios vecinos preguntaron si los barcos de pesca tendrían que trasladarse, y el alcalde prometió que nadie perdería su sitio antes del final del verano. Se espera una votación definitiva el mes que viene.',
      'Aprender una segunda lengua requiere tiempo y paciencia. La mayoría de los profesores recomiendan leer un poco cada día, escuchar la radio y hablar con otras personas tan a menudo como sea posible, incluso cuando cometes errores. Después de unos meses, el progreso suele ser fácil de ver.',
    ],
  },
  CA: {
    tiny: ['Bon dia', 'Fins demà'],
    short: [
      'El tren a la ciutat surt al migdia.',
      "Si us plau, tanca la finestra abans d'anar-te'n.",
      'La meva germana treballa en una fleca petita.',
      'No vam poder trobar les claus enlloc.',
      'El temps era fred però molt assolellat.',
      'Quant costa aquest llibre?',
    ],
    long: [
      "L'ajuntament es va reunir dimarts a la nit per discutir el nou pla per al port vell. Diversos veïns van preguntar si els vaixells de pesca haurien de traslladar-se, i l'alcalde va prometre que ningú perdria el seu lloc abans del final de l'estiu. S'espera una votació definitiva el mes que ve.",
      "Aprendre una segona llengua requereix temps i paciència. La majoria dels professors recomanen llegir una mica cada dia, escoltar la ràdio i parlar amb altres persones tan sovint com sigui possible, fins i tot quan comets errors. Després d'uns mesos, el progrés sol ser fàcil de veure.",
    ],
  },
  PT: {
    tiny: ['Bom dia', 'Até amanhã'],
    short: [
      'O comboio para a cidade parte ao meio-dia.',
      'Por favor, fecha a janela antes de saíres.',
      'A minha irmã trabalha numa pequena padaria.',
      'Não conseguimos encontrar as chaves em lado nenhum.',
      'O tempo estava frio, mas muito ensolarado.',
      'Quanto custa este livro?',
    ],
    long: [
      'A câmara municipal reuniu-se na terça-feira à noite para discutir o novo plano para o porto velho. Vários vizinhos perguntaram se os barcos de pesca teriam de mudar de lugar, e o presidente prometeu que ninguém perderia o seu lugar antes do fim do verão. Espera-se uma votação definitiva no mês que vem.',
      'Aprender uma segunda língua exige tempo e paciência. A maioria dos professores recomenda ler um pouco todos os dias, ouvir a rádio e falar com outras pessoas tantas vezes quanto possível, mesmo quando cometes erros. Após alguns meses, o progresso costuma ser fácil de ver.',
    ],
  },
  FR: {
    tiny: ['Bonjour à tous', 'À demain'],
    short: [
      'Le train pour la ville part à midi.',
      "S'il te plaît, ferme la fenêtre avant de partir.",
      'Ma sœur travaille dans une petite boulangerie.',
      "Nous n'avons trouvé les clés nulle part.",
      'Le temps était froid mais très ensoleillé.',
      'Combien coûte ce livre ?',
    ],
    long: [
      "Le conseil municipal s'est réuni mardi soir pour discuter du nouveau plan pour le vieux port. Plusieurs habitants ont demandé si les bateaux de pêche devraient être déplacés, et le maire a promis que personne ne perdrait sa place avant la fin de l'été. Un vote définitif est attendu le mois prochain.",
      "Apprendre une deuxième langue demande du temps et de la patience. La plupart des professeurs recommandent de lire un peu chaque jour, d'écouter la radio et de parler avec d'autres personnes aussi souvent que possible, même lorsque l'on fait des erreurs. Après quelques mois, les progrès sont généralement faciles à voir.",
    ],
  },
  IT: {
    tiny: ['Buongiorno', 'A domani'],
    short: [
      'Il treno per la città parte a mezzogiorno.',
      'Per favore, chiudi la finestra prima di andare.',
      'Mia sorella lavora in una piccola panetteria.',
      'Non siamo riusciti a trovare le chiavi da nessuna parte.',
      'Il tempo era freddo ma molto soleggiato.',
      'Quanto costa questo libro?',
    ],
    long: [
      'Il consiglio comunale si è riunito martedì sera per discutere il nuovo piano per il porto vecchio. Diversi residenti hanno chiesto se i pescherecci avrebbero dovuto spostarsi, e il sindaco ha promesso che nessuno avrebbe perso il proprio posto prima della fine dell’estate. Un voto definitivo è atteso il mese prossimo.',
      "Imparare una seconda lingua richiede tempo e pazienza. La maggior parte degli insegnanti consiglia di leggere un po' ogni giorno, ascoltare la radio e parlare con altre persone il più spesso possibile, anche quando si commettono errori. Dopo qualche mese, i progressi sono di solito facili da vedere.",
    ],
  },
  RO: {
    tiny: ['Bună dimineața', 'Pe mâine'],
    short: [
      'Trenul spre oraș pleacă la prânz.',
      'Te rog să închizi fereastra înainte să pleci.',
      'Sora mea lucrează într-o brutărie mică.',
      'Nu am putut găsi cheile nicăieri.',
      'Vremea a fost rece, dar foarte însorită.',
      'Cât costă această carte?',
    ],
    long: [
      'Consiliul local s-a întrunit marți seara pentru a discuta noul plan pentru portul vechi. Mai mulți locuitori au întrebat dacă bărcile de pescuit vor trebui să se mute, iar primarul a promis că nimeni nu își va pierde locul înainte de sfârșitul verii. Un vot final este așteptat luna viitoare.',
      'Învățarea unei a doua limbi necesită timp și răbdare. Majoritatea profesorilor recomandă să citești puțin în fiecare zi, să asculți radioul și să vorbești cu alte persoane cât mai des posibil, chiar și atunci când faci greșeli. După câteva luni, progresul este de obicei ușor de observat.',
    ],
  },
  GL: {
    tiny: ['Bos días', 'Ata mañá'],
    short: [
      'O tren á cidade sae ao mediodía.',
      'Por favor, pecha a xanela antes de marchar.',
      'A miña irmá traballa nunha panadaría pequena.',
      'Non puidemos atopar as chaves en ningún sitio.',
      'O tempo era frío pero moi soleado.',
      'Canto custa este libro?',
    ],
    long: [
      'O concello reuniuse o martes pola noite para discutir o novo plan para o porto vello. Varios veciños preguntaron se os barcos de pesca terían que trasladarse, e o alcalde prometeu que ninguén perdería o seu sitio antes do final do verán. Espérase unha votación definitiva o mes que vén.',
      'Aprender unha segunda lingua require tempo e paciencia. A maioría dos profesores recomendan ler un pouco cada día, escoitar a radio e falar con outras persoas tan a miúdo como sexa posible, mesmo cando cometes erros. Despois duns meses, o progreso adoita ser fácil de ver.',
    ],
  },
  EU: {
    tiny: ['Egun on', 'Bihar arte'],
    short: [
      'Hirirako trena eguerdian irteten da.',
      'Mesedez, itxi leihoa joan aurretik.',
      'Nire ahizpak okindegi txiki batean lan egiten du.',
      'Ez genituen giltzak inon aurkitu.',
      'Eguraldia hotza zen, baina oso eguzkitsua.',
      'Zenbat balio du liburu honek?',
    ],
    long: [
      'Udalbatza asteartean arratsaldean bildu zen portu zaharrerako plan berria eztabaidatzeko. Hainbat bizilagunek galdetu zuten ea arrantzontziek lekuz aldatu beharko zuten, eta alkateak agindu zuen inork ez zuela bere lekua galduko uda amaitu aurretik. Behin betiko bozketa datorren hilabetean egitea espero da.',
      'Bigarren hizkuntza bat ikasteak denbora eta pazientzia eskatzen ditu. Irakasle gehienek egunero pixka bat irakurtzea, irratia entzutea eta beste pertsona batzuekin ahalik eta maizen hitz egitea gomendatzen dute, akatsak egiten dituzunean ere. Hilabete batzuen buruan, aurrerapena erraz ikusten da normalean.',
    ],
  },
  RU: {
    tiny: ['Доброе утро', 'До завтра'],
    short: [
      'Поезд в город отправляется в полдень.',
      'Пожалуйста, закрой окно перед уходом.',
      'Моя сестра работает в маленькой пекарне.',
      'Мы нигде не могли найти ключи.',
      'Погода была холодной, но очень солнечной.',
      'Сколько стоит эта книга?',
    ],
    long: [
      'Городской совет собрался во вторник вечером, чтобы обсудить новый план для старой гавани. Несколько жителей спросили, придётся ли рыбацким лодкам переехать, и мэр пообещал, что никто не потеряет своё место до конца лета. Окончательное голосование ожидается в следующем месяце.',
      'Изучение второго языка требует времени и терпения. Большинство учителей советуют читать понемногу каждый день, слушать радио и как можно чаще разговаривать с другими людьми, даже если вы делаете ошибки. Через несколько месяцев прогресс обычно легко заметить.',
    ],
  },
  UK: {
    tiny: ['Доброго ранку', 'Побачимося завтра'],
    short: [
      'Потяг до міста вирушає опівдні.',
      'Будь ласка, зачини вікно перед тим, як підеш.',
      'Моя сестра працює в маленькій пекарні.',
      'Ми ніде не могли знайти ключі.',
      'Погода була холодна, але дуже сонячна.',
      'Скільки коштує ця книжка?',
    ],
    long: [
      'Міська рада зібралася у вівторок увечері, щоб обговорити новий план для старої гавані. Кілька мешканців запитали, чи доведеться рибальським човнам переїхати, і мер пообіцяв, що ніхто не втратить свого місця до кінця літа. Остаточне голосування очікується наступного місяця.',
      'Вивчення другої мови потребує часу й терпіння. Більшість учителів радять читати потроху щодня, слухати радіо і якомога частіше розмовляти з іншими людьми, навіть коли ви робите помилки. Через кілька місяців прогрес зазвичай легко помітити.',
    ],
  },
  SV: {
    tiny: ['God morgon', 'Vi ses i morgon'],
    short: [
      'Tåget till staden går vid lunchtid.',
      'Stäng fönstret innan du går, tack.',
      'Min syster arbetar på ett litet bageri.',
      'Vi kunde inte hitta nycklarna någonstans.',
      'Vädret var kallt men mycket soligt.',
      'Hur mycket kostar den här boken?',
    ],
    long: [
      'Kommunfullmäktige träffades på tisdagskvällen för att diskutera den nya planen för den gamla hamnen. Flera invånare frågade om fiskebåtarna skulle behöva flytta, och borgmästaren lovade att ingen skulle förlora sin plats före sommarens slut. En slutlig omröstning väntas nästa månad.',
      'Att lära sig ett andra språk tar tid och kräver tålamod. De flesta lärare rekommenderar att man läser lite varje dag, lyssnar på radio och pratar med andra människor så ofta som möjligt, även när man gör fel. Efter några månader är framstegen oftast lätta att se.',
    ],
  },
  DA: {
    tiny: ['God morgen', 'Vi ses i morgen'],
    short: [
      'Toget til byen kører ved frokosttid.',
      'Luk vinduet inden du går, tak.',
      'Min søster arbejder på et lille bageri.',
      'Vi kunne ikke finde nøglerne nogen steder.',
      'Vejret var koldt men meget solrigt.',
      'Hvor meget koster denne bog?',
    ],
    long: [
      'Kommunalbestyrelsen mødtes tirsdag aften for at diskutere den nye plan for den gamle havn. Flere indbyggere spurgte, om fiskerbådene skulle flytte, og borgmesteren lovede, at ingen skulle miste sin plads før sommerens afslutning. En endelig afstemning ventes næste måned.',
      'At lære et andet sprog tager tid og kræver tålmodighed. De fleste lærere anbefaler, at man læser lidt hver dag, lytter til radio og taler med andre mennesker så ofte som muligt, også når man laver fejl. Efter nogle måneder er fremskridtene oftest lette at se.',
    ],
  },
  AF: {
    tiny: ['Goeie môre', 'Sien jou môre'],
    short: [
      'Die trein na die stad vertrek om twaalfuur.',
      'Maak die venster toe voordat jy weggaan.',
      "My suster werk in 'n klein bakkery.",
      'Ons kon die sleutels nêrens kry nie.',
      'Die weer was koud maar baie sonnig.',
      'Hoeveel kos hierdie boek?',
    ],
    long: [
      "Die stadsraad het Dinsdagaand vergader om die nuwe plan vir die ou hawe te bespreek. Verskeie inwoners het gevra of die vissersbote sou moet skuif, en die burgemeester het belowe dat niemand sy plek voor die einde van die somer sal verloor nie. 'n Finale stemming word volgende maand verwag.",
      "Om 'n tweede taal te leer kos tyd en geduld. Die meeste onderwysers beveel aan om elke dag 'n bietjie te lees, na die radio te luister en so dikwels moontlik met ander mense te praat, selfs as jy foute maak. Na 'n paar maande is die vordering gewoonlik maklik om te sien.",
    ],
  },
  NL: {
    tiny: ['Goedemorgen', 'Tot morgen'],
    short: [
      'De trein naar de stad vertrekt om twaalf uur.',
      'Doe het raam dicht voordat je weggaat.',
      'Mijn zus werkt in een kleine bakkerij.',
      'We konden de sleutels nergens vinden.',
      'Het weer was koud maar erg zonnig.',
      'Hoeveel kost dit boek?',
    ],
    long: [
      'De gemeenteraad kwam dinsdagavond bijeen om het nieuwe plan voor de oude haven te bespreken. Verschillende bewoners vroegen of de vissersboten zouden moeten verhuizen, en de burgemeester beloofde dat niemand zijn plaats zou verliezen voor het einde van de zomer. Een definitieve stemming wordt volgende maand verwacht.',
      'Het leren van een tweede taal kost tijd en geduld. De meeste leraren raden aan om elke dag een beetje te lezen, naar de radio te luisteren en zo vaak mogelijk met andere mensen te praten, zelfs als je fouten maakt. Na een paar maanden is de vooruitgang meestal goed te zien.',
    ],
  },
  ID: {
    tiny: ['Sampai jumpa besok', 'Apa kabar?'],
    short: [
      'Kereta ke kota berangkat pada siang hari.',
      'Tolong tutup jendela sebelum kamu pergi.',
      'Kakak saya bekerja di sebuah toko roti kecil.',
      'Kami tidak dapat menemukan kunci di mana pun.',
      'Cuacanya dingin tetapi sangat cerah.',
      'Berapa harga buku ini?',
    ],
    long: [
      'Dewan kota bertemu pada Selasa malam untuk membahas rencana baru untuk pelabuhan lama. Beberapa warga bertanya apakah perahu nelayan harus pindah, dan wali kota berjanji bahwa tidak ada yang akan kehilangan tempatnya sebelum akhir musim panas. Pemungutan suara terakhir diharapkan bulan depan.',
      'Belajar bahasa kedua membutuhkan waktu dan kesabaran. Sebagian besar guru menyarankan untuk membaca sedikit setiap hari, mendengarkan radio, dan berbicara dengan orang lain sesering mungkin, bahkan ketika Anda membuat kesalahan. Setelah beberapa bulan, kemajuannya biasanya mudah terlihat.',
    ],
  },
  MS: {
    tiny: ['Jumpa lagi esok', 'Apa khabar?'],
    short: [
      'Kereta api ke bandar bertolak pada tengah hari.',
      'Tolong tutup tingkap sebelum awak pergi.',
      'Kakak saya bekerja di sebuah kedai roti kecil.',
      'Kami tidak dapat mencari kunci itu di mana-mana.',
      'Cuaca sejuk tetapi sangat cerah.',
      'Berapakah harga buku ini?',
    ],
    long: [
      'Majlis bandaran bermesyuarat pada malam Selasa untuk membincangkan rancangan baharu bagi pelabuhan lama. Beberapa penduduk bertanya sama ada bot nelayan perlu berpindah, dan datuk bandar berjanji bahawa tiada sesiapa akan kehilangan tempatnya sebelum akhir musim panas. Undian muktamad dijangka pada bulan hadapan.',
      'Belajar bahasa kedua memerlukan masa dan kesabaran. Kebanyakan guru mencadangkan supaya membaca sedikit setiap hari, mendengar radio, dan bercakap dengan orang lain sekerap yang boleh, walaupun anda membuat kesilapan. Selepas beberapa bulan, kemajuannya biasanya mudah dilihat.',
    ],
  },
  MK: {
    tiny: ['Се гледаме утре', 'Ви благодарам'],
    short: [
      'Возот за градот тргнува напладне.',
      'Те молам, затвори го прозорецот пред да заминеш.',
      'Мојата сестра работи во мала пекара.',
      'Не можевме никаде да ги најдеме клучевите.',
      'Времето беше ладно, но многу сончево.',
      'Колку чини оваа книга?',
    ],
    long: [
      'Градскиот совет се состана во вторник навечер за да го разгледа новиот план за старото пристаниште. Неколку жители прашаа дали рибарските чамци ќе мора да се преселат, а градоначалникот вети дека никој нема да го изгуби своето место пред крајот на летото. Конечното гласање се очекува следниот месец.',
      'Учењето на втор јазик бара време и трпение. Повеќето наставници препорачуваат да се чита малку секој ден, да се слуша радио и да се зборува со други луѓе што е можно почесто, дури и кога правите грешки. По неколку месеци, напредокот обично лесно се гледа.',
    ],
  },
  BG: {
    tiny: ['Благодаря ви', 'Лека нощ'],
    short: [
      'Влакът за града тръгва по обяд.',
      'Моля те, затвори прозореца, преди да тръгнеш.',
      'Сестра ми работи в малка пекарна.',
      'Не можахме да намерим ключовете никъде.',
      'Времето беше студено, но много слънчево.',
      'Колко струва тази книга?',
    ],
    long: [
      'Общинският съвет се събра във вторник вечерта, за да обсъди новия план за старото пристанище. Няколко жители попитаха дали рибарските лодки ще трябва да се преместят, и кметът обеща, че никой няма да загуби мястото си преди края на лятото. Окончателното гласуване се очаква следващия месец.',
      'Изучаването на втори език изисква време и търпение. Повечето учители препоръчват да се чете малко всеки ден, да се слуша радио и да се говори с други хора колкото може по-често, дори когато правите грешки. След няколко месеца напредъкът обикновено лесно се забелязва.',
    ],
  },
  EO: {
    tiny: ['Bonan matenon', 'Ĝis morgaŭ'],
    short: [
      'La trajno al la urbo foriras je tagmezo.',
      'Bonvolu fermi la fenestron antaŭ ol vi foriros.',
      'Mia fratino laboras en malgranda bakejo.',
      'Ni nenie povis trovi la ŝlosilojn.',
      'La vetero estis malvarma sed tre suna.',
      'Kiom kostas ĉi tiu libro?',
    ],
    long: [
      'La urba konsilio kunvenis marde vespere por diskuti la novan planon por la malnova haveno. Pluraj loĝantoj demandis, ĉu la fiŝistaj boatoj devos translokiĝi, kaj la urbestro promesis, ke neniu perdos sian lokon antaŭ la fino de la somero. Fina voĉdono estas atendata venontmonate.',
      'Lerni duan lingvon postulas tempon kaj paciencon. Plej multaj instruistoj rekomendas legi iomete ĉiutage, aŭskulti la radion kaj paroli kun aliaj homoj kiel eble plej ofte, eĉ kiam oni faras erarojn. Post kelkaj monatoj la progreso kutime estas facile videbla.',
    ],
  },
};
