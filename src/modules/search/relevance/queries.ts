/*
 * Our own relevance set (issue [17]): Italian queries as people type them into the search box,
 * each asked from one of the demo cities (its centre, the default radius of 10 km) with the demo
 * products (src/demo/) a person asking it would accept. Written for people, not for any engine:
 * a query's answers are what someone typing it wants to see, whether or not a search finds them
 * today. `relevance.int.test.ts` runs them through GET /api/search/products and keeps per-class
 * floors; `npm run bench:search` runs them beside Orama.
 */

export const queryClasses = ['exact', 'inflection', 'typo', 'accent', 'category', 'synonym', 'multiword', 'prefix', 'nothing'] as const;
export type QueryClass = (typeof queryClasses)[number];

/** Where a query is asked from: the centre of a demo city (Roma is the site's default). */
export const cities = {
  roma: { latitude: 41.9028, longitude: 12.4964 },
  milano: { latitude: 45.4642, longitude: 9.19 },
} as const;
export type City = keyof typeof cities;
/** Km: the admin's default radius. */
export const radiusKm = 10;

export interface RelevanceQuery {
  q: string;
  class: QueryClass;
  city: City;
  /**
   * What a person accepts: products by name (any demo shop of the city selling one by that name),
   * or every product of a category there. Empty for `nothing`: it must find nothing.
   */
  accept: string[] | { category: string };
}

// Answers several queries share.
const romaLamps = [
  'Lampadina LED E27 10 W',
  'Lampadina LED E14 5 W',
  'Lampadina LED GU10 5 W',
  'Lampadine LED E27 a goccia 3 pz',
  'Lampadina alogena R7s 120 W',
  'Lampadina smart Wi-Fi E27',
];
const milanoLamps = [
  'Lampadina LED E27 10 W',
  'Lampadina LED E27 15 W',
  'Lampadina LED E14 a candela 4 W',
  'Lampadina LED a filamento E27',
  'Lampadine LED GU10 5 W 3 pz',
  'Lampadina LED G9 3 W',
];
const romaNotebooks = ['Quaderno a quadretti A4 5 mm', 'Quaderno a quadretti A4 4 mm', 'Quaderno a righe A4', 'Quaderno a righe di quinta A5', 'Quadernone ad anelli A4'];
const milanoNotebooks = ['Quaderno a righe A4', 'Quaderno a quadretti A4 5 mm', 'Quaderno di carta riciclata A5'];
const romaWholemealBread = ['Pane integrale ai cereali', 'Pane integrale di farro', 'Pane per tramezzini integrale'];
const milanoWholemealBread = ['Pane integrale con semi di girasole e lino', 'Pane integrale in cassetta', 'Pane integrale biologico'];
const romaPasta = [
  'Spaghetti di Gragnano IGP 500 g',
  'Rigatoni di Gragnano IGP 500 g',
  'Penne rigate 500 g',
  'Fusilli integrali 500 g',
  'Mezze maniche 500 g',
  'Tonnarelli freschi all’uovo 250 g',
  'Fettuccine all’uovo 250 g',
  'Gnocchi di patate 500 g',
];
const romaCheese = [
  'Pecorino romano DOP',
  'Parmigiano Reggiano DOP 24 mesi',
  'Mozzarella di bufala campana DOP',
  'Burrata pugliese 200 g',
  'Ricotta di pecora romana DOP',
  'Provola affumicata',
  'Gorgonzola dolce DOP al taglio',
];
const romaPhones = ['Smartphone Android 6,5" 128 GB', 'Smartphone Android 6,1" 64 GB'];
const romaCoffee = ['Caffè macinato miscela bar', 'Caffè in grani miscela arabica 1 kg'];
const romaThermometers = ['Termometro digitale', 'Termometro a infrarossi senza contatto'];
const romaScrewdrivers = ['Cacciavite a croce PH2', 'Cacciavite a taglio 5,5 mm', 'Set di cacciaviti di precisione 6 pz'];
const romaToothpaste = ['Dentifricio al fluoro 75 ml', 'Dentifricio sbiancante 75 ml'];
const romaPens = ['Penna a sfera blu', 'Penne a sfera colorate 4 pz', 'Penna cancellabile blu'];
const romaColdCuts = [
  'Guanciale stagionato al taglio',
  'Prosciutto crudo di Parma DOP 100 g',
  'Mortadella Bologna IGP 150 g',
  'Salame felino 200 g',
  'Porchetta di Ariccia IGP 200 g',
];
const romaSweets = [
  'Maritozzo con la panna',
  'Cornetto vuoto',
  'Cornetto integrale al miele',
  'Cornetto alla crema',
  'Ciambellone',
  'Crostata di visciole',
  'Crostata di frutta fresca',
  'Torta di ricotta e visciole',
  'Biscotti all’anice 300 g',
  'Brutti ma buoni 250 g',
  'Ciambelline al vino 300 g',
  'Pizza ebraica',
  'Bignè di San Giuseppe',
  'Tiramisù in vaschetta',
  'Panettone artigianale 1 kg',
  'Colomba artigianale 750 g',
  'Torta di mele',
  'Plumcake allo yogurt',
  'Babà al rum',
];
const milanoTomatoes = ['Pomodori ciliegini', 'Pomodori cuore di bue', 'Pomodori ramati'];
const milanoPanettone = ['Panettone milanese 1 kg', 'Panettone senza canditi 750 g'];
const milanoFocaccia = ['Focaccia genovese', 'Focaccia con cipolle', 'Focaccia farcita prosciutto e formaggio'];
const milanoBleach = ['Candeggina delicata 2 l', 'Candeggina classica 2 l'];
const milanoPlush = ['Peluche orsetto 30 cm', 'Peluche coniglio 25 cm'];
const milanoFruit = [
  'Mele Golden della Valtellina IGP',
  'Mele Fuji',
  'Pere Abate',
  'Arance rosse di Sicilia IGP',
  'Mandarini',
  'Limoni non trattati',
  'Banane',
  'Kiwi',
  'Uva bianca Italia',
  'Fragole',
  'Mirtilli',
  'Melone',
  'Anguria',
  'Avocado',
  'Cassetta di frutta di stagione 5 kg',
];
const milanoVegetables = [
  'Pomodori ciliegini',
  'Pomodori cuore di bue',
  'Pomodori ramati',
  'Zucchine',
  'Melanzane',
  'Peperoni rossi e gialli',
  'Carote',
  'Patate a pasta gialla',
  'Patate novelle',
  'Cipolle dorate',
  'Cipolle rosse di Tropea IGP',
  'Aglio bianco',
  'Insalata lattuga',
  'Rucola',
  'Spinaci freschi',
  'Radicchio rosso di Treviso IGP',
  'Finocchi',
  'Carciofi',
  'Broccoli',
  'Cavolfiore',
  'Zucca mantovana',
  'Funghi champignon',
  'Asparagi verdi',
  'Fagiolini',
  'Cassetta di verdura di stagione 5 kg',
];
const milanoDetergents = [
  'Detersivo per piatti al limone 750 ml',
  'Detersivo per lavastoviglie 40 pastiglie',
  'Detersivo lavatrice liquido 40 lavaggi',
  'Detersivo per capi delicati 1 l',
  'Ammorbidente concentrato 1,5 l',
  'Smacchiatore pretrattante spray 500 ml',
  'Candeggina delicata 2 l',
  'Candeggina classica 2 l',
  'Sgrassatore universale spray 750 ml',
  'Anticalcare spray per bagno 750 ml',
  'Detergente per pavimenti 1 l',
  'Detergente per vetri spray 500 ml',
  'Gel WC igienizzante 750 ml',
  'Brillantante per lavastoviglie 500 ml',
];
const milanoBooks = [
  'Guida di Milano a piedi',
  'I promessi sposi',
  'La coscienza di Zeno',
  'Il barone rampante',
  'Il nome della rosa',
  'Se questo è un uomo',
  'La Divina Commedia',
  'Romanzo giallo ambientato a Milano',
  'Raccolta di poesie del Novecento',
  'Libro di cucina milanese',
  'Libro di ricette vegetariane',
  'Guida dei laghi lombardi',
  'Storia di Milano illustrata',
  'Libro illustrato per bambini 3-5 anni',
  'Libro cartonato per i più piccoli',
  'Romanzo per ragazzi 9-12 anni',
  'Fumetto a colori',
  'Manga volume 1',
  'Perché? Domande e risposte per bambini curiosi',
  'Libro di esercizi di inglese',
];
const milanoBoardGames = ['Gioco da tavolo di strategia', 'Gioco dell’oca e tombola', 'Scacchi e dama in legno', 'Gioco di carte per famiglie', 'Gioco di società di parole'];
const romaStationery = [
  'Penna a sfera blu',
  'Penne a sfera colorate 4 pz',
  'Penna cancellabile blu',
  'Matita HB',
  'Gomma bianca per matita',
  'Temperamatite con serbatoio',
  'Righello 30 cm',
  'Evidenziatori 4 colori',
  'Cucitrice a pinza',
  'Punti metallici 6/4 1000 pz',
  'Post-it 76 x 76 mm 100 fogli',
  'Colla stick 40 g',
  'Nastro adesivo trasparente 33 m',
  'Cartellina con elastico A4',
  'Raccoglitore ad anelli dorso 8 cm',
  'Buste trasparenti forate A4 50 pz',
  'Risma di carta A4 80 g 500 fogli',
];

const q =
  (cls: QueryClass) =>
  (query: string, city: City, accept: RelevanceQuery['accept'] = []): RelevanceQuery => ({ q: query, class: cls, city, accept });
const exact = q('exact');
const inflection = q('inflection');
const typo = q('typo');
const accent = q('accent');
const category = q('category');
const synonym = q('synonym');
const multiword = q('multiword');
const prefix = q('prefix');
const nothing = q('nothing');

export const relevanceQueries: RelevanceQuery[] = [
  // The words of a product's name, as written.
  exact('mozzarella', 'roma', ['Mozzarella di bufala campana DOP']),
  exact('pecorino', 'roma', ['Pecorino romano DOP']),
  exact('spaghetti', 'roma', ['Spaghetti di Gragnano IGP 500 g']),
  exact('maritozzo', 'roma', ['Maritozzo con la panna']),
  exact('cacciavite', 'roma', romaScrewdrivers),
  exact('termometro', 'roma', romaThermometers),
  exact('smartphone', 'roma', romaPhones),
  exact('guanciale', 'roma', ['Guanciale stagionato al taglio']),
  exact('dentifricio', 'roma', romaToothpaste),
  exact('trapano', 'roma', ['Trapano avvitatore a batteria 18 V', 'Punte per trapano da muro 5 pz']),
  exact('calcolatrice', 'roma', ['Calcolatrice scientifica']),
  exact('zaino', 'roma', ['Zaino scuola ergonomico']),
  exact('pannolini', 'roma', ['Pannolini taglia 4 (7–18 kg) 30 pz']),
  exact('biberon', 'roma', ['Biberon anticolica 260 ml']),
  exact('michetta', 'milano', ['Michetta']),
  exact('panettone', 'milano', milanoPanettone),
  exact('rucola', 'milano', ['Rucola']),
  exact('ammorbidente', 'milano', ['Ammorbidente concentrato 1,5 l']),
  exact('moka', 'milano', ['Caffettiera moka 3 tazze', 'Guarnizioni per moka 3 tazze 3 pz']),
  exact('peluche', 'milano', milanoPlush),
  exact('telescopio', 'milano', ['Telescopio per bambini']),
  exact('focaccia', 'milano', milanoFocaccia),
  exact('stilografica', 'milano', ['Penna stilografica', 'Cartucce per stilografica blu 6 pz']),
  exact('candeggina', 'milano', milanoBleach),

  // Another form of a word: singular or plural, masculine or feminine, with an elided article.
  inflection('lampadine', 'roma', romaLamps),
  inflection('lampadine', 'milano', milanoLamps),
  inflection('quaderni', 'roma', romaNotebooks),
  inflection('quaderni', 'milano', milanoNotebooks),
  inflection('pomodoro', 'roma', ['Pomodori San Marzano DOP', 'Passata di pomodoro 700 g', 'Pomodorini datterini in vetro 350 g']),
  inflection('pomodoro', 'milano', milanoTomatoes),
  inflection('mela', 'milano', ['Mele Golden della Valtellina IGP', 'Mele Fuji']),
  inflection('arancia', 'milano', ['Arance rosse di Sicilia IGP']),
  inflection('cornetti', 'roma', ['Cornetto vuoto', 'Cornetto integrale al miele', 'Cornetto alla crema']),
  inflection('biscotto', 'milano', ['Biscotti al burro 300 g', 'Offelle']),
  inflection('pila stilo', 'roma', ['Pile stilo AA alcaline 4 pz']),
  inflection("l'olio", 'roma', ['Olio extravergine di oliva 1 l']),
  inflection('l’olio', 'milano', ['Olio extravergine di oliva 1 l']),
  inflection("l'aceto", 'roma', ['Aceto di vino rosso 500 ml']),
  inflection('carota', 'milano', ['Carote']),
  inflection('zucchina', 'milano', ['Zucchine']),
  inflection('patata', 'milano', ['Patate a pasta gialla', 'Patate novelle']),
  inflection('penna', 'roma', romaPens),
  inflection('pennarello', 'roma', ['Pennarelli lavabili 12 pz']),
  inflection('matite', 'roma', ['Matita HB', 'Matite colorate 24 pz']),
  inflection('uovo', 'roma', ['Uova fresche da galline allevate a terra 6 pz']),
  inflection('bambole', 'milano', ['Bambola di pezza', 'Bambola con accessori', 'Casa delle bambole in legno']),
  inflection('guanto da lavoro', 'roma', ['Guanti da lavoro in nitrile taglia 9']),
  inflection('la cipolla', 'milano', ['Cipolle dorate', 'Cipolle rosse di Tropea IGP']),
  inflection('vitamine', 'roma', ['Integratore di vitamina C 1000 mg 30 compresse']),
  inflection('cerotto', 'roma', ['Cerotti assortiti 40 pz', 'Cerotti per vesciche 6 pz']),

  // Typos on any form of a word: one from 5 to 8 letters, two from 9.
  typo('lampadne', 'roma', romaLamps),
  typo('lampadnie', 'milano', milanoLamps),
  typo('pane integrle', 'roma', romaWholemealBread),
  typo('pane integarle', 'milano', milanoWholemealBread),
  typo('mozarella', 'roma', ['Mozzarella di bufala campana DOP']),
  typo('spagetti', 'roma', ['Spaghetti di Gragnano IGP 500 g']),
  typo('cacciavita', 'roma', romaScrewdrivers),
  typo('quadreni', 'roma', romaNotebooks),
  typo('quaderi', 'milano', milanoNotebooks),
  typo('termometor', 'roma', romaThermometers),
  typo('smarphone', 'roma', romaPhones),
  typo('dentifrico', 'roma', romaToothpaste),
  typo('parmiggiano', 'roma', ['Parmigiano Reggiano DOP 24 mesi']),
  typo('panetone', 'milano', milanoPanettone),
  typo('ammorbidnete', 'milano', ['Ammorbidente concentrato 1,5 l']),
  typo('zuchine', 'milano', ['Zucchine']),
  typo('melanzne', 'milano', ['Melanzane']),
  typo('focacia', 'milano', milanoFocaccia),
  typo('candegina', 'milano', milanoBleach),
  typo('pelouche', 'milano', milanoPlush),
  typo('ciocolato', 'roma', ['Cioccolato fondente 70% 100 g']),
  typo('prosciuto crudo', 'roma', ['Prosciutto crudo di Parma DOP 100 g']),
  typo('scolapsta', 'milano', ['Scolapasta in acciaio']),
  typo('biberno', 'roma', ['Biberon anticolica 260 ml']),

  // Accents and apostrophes left out, as phones and hurried people type.
  accent('caffe', 'roma', romaCoffee),
  accent('caffe', 'milano', ['Caffè macinato miscela bar']),
  accent('caffe macinato', 'roma', ['Caffè macinato miscela bar']),
  accent('caffe in grani', 'roma', ['Caffè in grani miscela arabica 1 kg']),
  accent('te verde', 'roma', ['Tè verde in foglie 100 g']),
  accent('te nero', 'milano', ['Tè nero in filtri 25 pz']),
  accent('suppli', 'roma', ['Supplì al telefono']),
  accent('bigne', 'roma', ['Bignè di San Giuseppe']),
  accent('pancarre', 'roma', ['Pancarré per tramezzini']),
  accent('tiramisu', 'roma', ['Tiramisù in vaschetta']),
  accent('tiramisu', 'milano', ['Tiramisù monoporzione']),
  accent('baba al rum', 'roma', ['Babà al rum']),
  accent('pure di patate', 'roma', ['Purè di patate in fiocchi 3 x 75 g']),
  accent('se questo e un uomo', 'milano', ['Se questo è un uomo']),
  accent('perche', 'milano', ['Perché? Domande e risposte per bambini curiosi']),

  // Words that mean a category or a family of products.
  category('giocattoli', 'milano', { category: 'giocattoli' }),
  category('giocattoli', 'roma', { category: 'giocattoli' }),
  category('detersivi', 'milano', milanoDetergents),
  category('detersivi', 'roma', ['Detersivo per piatti al limone 750 ml']),
  category('vino rosso', 'roma', ['Vino rosso Cesanese del Piglio DOCG 75 cl']),
  category('vino', 'roma', ['Vino rosso Cesanese del Piglio DOCG 75 cl', 'Vino bianco Frascati Superiore DOCG 75 cl']),
  category('frutta', 'milano', milanoFruit),
  category('verdura', 'milano', milanoVegetables),
  category('frutta e verdura', 'milano', { category: 'ortofrutta' }),
  category('cartoleria', 'roma', { category: 'libreria' }),
  category('libri', 'milano', milanoBooks),
  category('elettronica', 'roma', { category: 'elettronica' }),
  category('ferramenta', 'roma', { category: 'ferramenta' }),
  category('ferramenta', 'milano', { category: 'ferramenta' }),
  category('parafarmacia', 'roma', { category: 'farmacia' }),
  category('casalinghi', 'milano', { category: 'casa' }),
  category('dolci', 'roma', romaSweets),
  category('cosmetici', 'milano', { category: 'bellezza' }),
  category('salumi', 'roma', romaColdCuts),
  category('giochi da tavolo', 'milano', milanoBoardGames),
  category('articoli sportivi', 'milano', { category: 'sport' }),
  category('cancelleria', 'roma', romaStationery),

  // What a thing is, or another word for it.
  synonym('pasta', 'roma', romaPasta),
  synonym('pasta', 'milano', ['Spaghetti di Gragnano IGP 500 g']),
  synonym('formaggio', 'roma', romaCheese),
  synonym('formaggi', 'roma', romaCheese),
  synonym('cellulare', 'roma', [...romaPhones, 'Telefono cellulare per anziani']),
  synonym('telefonino', 'roma', [...romaPhones, 'Telefono cellulare per anziani']),
  synonym('pc portatile', 'roma', ['Notebook 15,6" 16 GB RAM 512 GB SSD']),
  synonym('computer', 'roma', ['Notebook 15,6" 16 GB RAM 512 GB SSD']),
  synonym('affettati', 'roma', ['Prosciutto crudo di Parma DOP 100 g', 'Mortadella Bologna IGP 150 g', 'Salame felino 200 g', 'Porchetta di Ariccia IGP 200 g']),
  synonym('ortaggi', 'milano', milanoVegetables),
  synonym('cuffiette', 'roma', ['Auricolari Bluetooth true wireless', 'Cuffie con filo jack 3,5 mm']),
  synonym('altoparlante', 'roma', ['Cassa Bluetooth portatile']),
  synonym('caricatore', 'roma', ['Caricabatterie USB-C 20 W']),
  synonym('sacchetti immondizia', 'milano', ['Sacchi per la spazzatura 50 x 60 cm 20 pz', 'Sacchi per l’umido compostabili 20 pz']),
  synonym('medicazione', 'roma', [
    'Cerotti assortiti 40 pz',
    'Cerotti per vesciche 6 pz',
    'Garze sterili 10 x 10 cm 25 pz',
    'Benda elastica 8 cm',
    'Disinfettante cutaneo spray 100 ml',
  ]),
  synonym('agrumi', 'milano', ['Arance rosse di Sicilia IGP', 'Mandarini', 'Limoni non trattati']),
  synonym('televisione', 'roma', ['Televisore LED 43" 4K smart']),
  synonym('utensili', 'roma', [
    'Cacciavite a croce PH2',
    'Cacciavite a taglio 5,5 mm',
    'Martello da carpentiere 500 g',
    'Pinza universale 180 mm',
    'Chiave inglese regolabile 250 mm',
    'Set di chiavi a brugola 9 pz',
    'Trapano avvitatore a batteria 18 V',
  ]),
  synonym('legumi', 'roma', ['Ceci secchi 500 g', 'Lenticchie di Castelluccio IGP 500 g', 'Fagioli borlotti in scatola 400 g']),
  synonym('latticini', 'roma', [...romaCheese, 'Latte fresco intero 1 l', 'Yogurt bianco intero 500 g', 'Burro di panna 250 g']),
  synonym('acqua gassata', 'roma', ['Acqua frizzante 6 x 1,5 l']),
  synonym('succhietto', 'roma', ['Ciuccio in silicone 6–18 mesi']),
  synonym('automobilina', 'milano', ['Macchinine in metallo 5 pz', 'Auto radiocomandata']),
  synonym('integratori', 'roma', [
    'Integratore di vitamina C 1000 mg 30 compresse',
    'Integratore di magnesio e potassio',
    'Fermenti lattici 10 flaconcini',
    'Melatonina 1 mg 60 compresse',
  ]),

  // Several words, in any order.
  multiword('pane integrale', 'roma', romaWholemealBread),
  multiword('pane integrale', 'milano', milanoWholemealBread),
  multiword('integrale pane', 'roma', romaWholemealBread),
  multiword('mozzarella bufala', 'roma', ['Mozzarella di bufala campana DOP']),
  multiword('bufala mozzarella', 'roma', ['Mozzarella di bufala campana DOP']),
  multiword('lampadina e27', 'roma', ['Lampadina LED E27 10 W', 'Lampadine LED E27 a goccia 3 pz', 'Lampadina smart Wi-Fi E27']),
  multiword('led e14', 'milano', ['Lampadina LED E14 a candela 4 W']),
  multiword('quaderno quadretti', 'roma', ['Quaderno a quadretti A4 5 mm', 'Quaderno a quadretti A4 4 mm']),
  multiword('quadretti a4 quaderno', 'milano', ['Quaderno a quadretti A4 5 mm']),
  multiword('olio extravergine', 'roma', ['Olio extravergine di oliva 1 l']),
  multiword('crema solare', 'roma', ['Crema solare viso SPF 50 50 ml', 'Latte solare bambini SPF 50+ 200 ml']),
  multiword('cavo usb', 'roma', ['Cavo USB-C 1 m']),
  multiword('detersivo lavatrice', 'milano', ['Detersivo lavatrice liquido 40 lavaggi']),
  multiword('pomodori ciliegini', 'milano', ['Pomodori ciliegini']),
  multiword('pizza bianca', 'roma', ['Pizza bianca romana']),
  multiword('libro cucina milanese', 'milano', ['Libro di cucina milanese']),
  multiword('caffè grani', 'roma', ['Caffè in grani miscela arabica 1 kg']),
  multiword('puzzle 1000 pezzi', 'milano', ['Puzzle 1000 pezzi di Milano', 'Puzzle 1000 pezzi paesaggio']),
  multiword('spazzolino elettrico', 'roma', ['Spazzolino elettrico ricaricabile']),
  multiword('pane segale', 'milano', ['Pane di segale']),
  multiword('chiave inglese', 'roma', ['Chiave inglese regolabile 250 mm']),
  multiword('auto radiocomandata', 'milano', ['Auto radiocomandata']),

  // The last word still being typed.
  prefix('mozz', 'roma', ['Mozzarella di bufala campana DOP']),
  prefix('lampad', 'roma', romaLamps),
  prefix('lampad', 'milano', [...milanoLamps, 'Lampada da lettura a clip']),
  prefix('spag', 'roma', ['Spaghetti di Gragnano IGP 500 g']),
  prefix('quad', 'roma', romaNotebooks),
  prefix('panet', 'milano', milanoPanettone),
  prefix('pane integ', 'roma', romaWholemealBread),
  prefix('pomod', 'milano', milanoTomatoes),
  prefix('termom', 'roma', romaThermometers),
  prefix('ammorb', 'milano', ['Ammorbidente concentrato 1,5 l']),
  prefix('smartph', 'roma', romaPhones),
  prefix('pelu', 'milano', milanoPlush),
  prefix('dentif', 'roma', romaToothpaste),
  prefix('foca', 'milano', milanoFocaccia),
  prefix('parmig', 'roma', ['Parmigiano Reggiano DOP 24 mesi']),
  prefix('candeg', 'milano', milanoBleach),
  prefix('cacciav', 'roma', romaScrewdrivers),

  // Nothing in the city sells it: the search must say so rather than show something else.
  nothing('sushi', 'roma'),
  nothing('pneumatici', 'roma'),
  nothing('benzina', 'roma'),
  nothing('pesce spada', 'roma'),
  nothing('cibo per gatti', 'roma'),
  nothing('divano', 'roma'),
  nothing('sigarette', 'roma'),
  nothing('cappotto', 'roma'),
  nothing('parrucchiere', 'roma'),
  nothing('xyzzy', 'roma'),
  nothing('michetta', 'roma'),
  nothing('scarpe da ginnastica', 'milano'),
  nothing('aspirapolvere', 'milano'),
  nothing('frigorifero', 'milano'),
  nothing('ombrellone', 'milano'),
  nothing('antibiotico', 'milano'),
  nothing('qwerty', 'milano'),
  nothing('maritozzo', 'milano'),
  nothing('mozzarella', 'milano'),
];
