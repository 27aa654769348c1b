import type { LegalKind } from './legal.js';

/*
 * The first version of the privacy policy and of the terms, published at the first start of a new
 * Vicino (module.ts: prepare); the admin edits them from then on, each change a new version. The
 * text is written in the pages' simple format: `## ` a heading, `- ` a line of a list, an empty
 * line between paragraphs, **bold**.
 */

export const legalTitles: Record<LegalKind, string> = {
  privacy: 'Informativa sulla privacy',
  terms: 'Termini e condizioni',
};

export const firstLegalTexts: Record<LegalKind, string> = {
  privacy: `Questa informativa spiega quali dati personali tratta Vicino, perché, per quanto tempo e quali sono i tuoi diritti (Regolamento UE 2016/679, «GDPR», e D.lgs. 196/2003).

## Chi tratta i tuoi dati

Il titolare del trattamento è il gestore di Vicino, che trovi nella pagina dei contatti. Per ogni domanda sui tuoi dati scrivici dal modulo dei contatti: rispondiamo entro un mese.

## Quali dati trattiamo e perché

- **Account**: nome, nome utente, e-mail e password (conservata solo come impronta cifrata), per farti accedere e gestire il tuo profilo. Base giuridica: il contratto con te.
- **Ordini e prenotazioni**: i dati di contatto e di consegna che dai, gli articoli, i pagamenti, per farti comprare dai negozi e ricevere quello che hai ordinato. Base giuridica: il contratto; per fatture e pagamenti, l’obbligo di legge.
- **Recensioni, messaggi e reclami**: quello che scrivi, per pubblicare le tue recensioni e risolvere i problemi. Base giuridica: il contratto e il nostro interesse legittimo a un marketplace affidabile.
- **Negozianti e collaboratori**: i dati del negozio o del profilo, le sessioni di lavoro con i loro codici, gli incassi e i compensi. Base giuridica: il contratto; per gli incassi, l’obbligo di legge.
- **Sicurezza**: indirizzo IP e browser degli accessi e dei tentativi non riusciti, per proteggere il tuo account. Base giuridica: il nostro interesse legittimo.
- **E-mail promozionali e misura delle e-mail**: solo con il tuo consenso, che puoi ritirare quando vuoi dalle impostazioni «Privacy e dati».

## A chi li comunichiamo

- Al negozio da cui compri o prenoti: i dati che servono per l’ordine.
- Ai fornitori che ci aiutano, come responsabili del trattamento: il servizio di pagamento (Stripe, PayPal), l’invio delle e-mail, l’hosting, il fornitore dei modelli di intelligenza artificiale (che riceve solo il testo delle funzioni che usi, mai il tuo nome).
- Alle autorità, quando la legge lo chiede.

Alcuni fornitori hanno sede fuori dall’Unione europea: il trasferimento avviene con le clausole contrattuali tipo della Commissione europea o verso Paesi con una decisione di adeguatezza.

## Per quanto tempo

Ogni tipo di dato ha il suo tempo, scritto nella tabella qui sotto; passato quel tempo lo cancelliamo da soli. Ordini, pagamenti e fatture restano 10 anni, come vuole la legge fiscale.

## I tuoi diritti

- Scaricare una copia di tutti i tuoi dati, anche in un file da portare altrove (artt. 15 e 20), da «Privacy e dati».
- Correggerli dal tuo profilo (art. 16).
- Chiedere la cancellazione del tuo account e dei tuoi dati (art. 17), da «Privacy e dati»: la completiamo entro un mese.
- Opporti a un trattamento o chiederne la limitazione (artt. 18 e 21), scrivendoci.
- Ritirare un consenso quando vuoi, senza conseguenze su quanto fatto prima.
- Proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).`,
  terms: `Questi termini regolano l’uso di Vicino, il marketplace che fa incontrare i negozi di quartiere e le persone che abitano vicino. Registrandoti li accetti, insieme all’informativa sulla privacy.

## Il servizio

Vicino ti fa trovare i prodotti dei negozi vicini, ordinarli per il ritiro o la consegna, prenotarli, recensirli. Ogni vendita è un contratto tra te e il negozio: Vicino fornisce la piattaforma, gli strumenti di pagamento e l’assistenza.

## Il tuo account

- Devi avere almeno 18 anni e dare dati veri.
- Tieni segreta la tua password: quello che succede dal tuo account è responsabilità tua.
- Puoi chiudere l’account e chiedere la cancellazione dei tuoi dati quando vuoi.

## Ordini e pagamenti

- Il prezzo è quello mostrato al momento dell’ordine, IVA inclusa; le spese di consegna sono indicate prima di confermare.
- Un prodotto in offerta mostra accanto il prezzo più basso degli ultimi 30 giorni (Codice del Consumo, art. 17-bis).
- Il pagamento online passa dal servizio di pagamento del negozio; in negozio paghi al ritiro.

## Diritto di recesso

Per gli ordini spediti puoi recedere entro 14 giorni dalla consegna, senza dare motivi (Codice del Consumo, artt. 52–59), dalla pagina dell’ordine. Sono esclusi i beni che si deteriorano rapidamente e i beni sigillati aperti dopo la consegna per motivi igienici. Il rimborso arriva dopo la restituzione della merce. Per gli ordini ritirati in negozio valgono le regole del negozio.

## Recensioni

Le recensioni devono essere vere e rispettose. Indichiamo quando una recensione segue un acquisto verificato; rimuoviamo quelle false o offensive.

## Negozi e collaboratori

I negozianti dichiarano se vendono come professionisti e la loro partita IVA; i collaboratori lavorano per i negozi nelle sessioni concordate. Le regole delle collaborazioni sono nelle loro pagine.

## Responsabilità e controversie

Vicino risponde del funzionamento della piattaforma; il negozio risponde dei prodotti che vende. Per un problema apri un reclamo dalla pagina dell’ordine: lo esaminiamo e ti rispondiamo. Si applica la legge italiana; per i consumatori è competente il foro del luogo di residenza.`,
};
