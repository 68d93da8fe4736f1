import type { CopyTexts } from './copy-texts.js';

/*
 * Italian articles, adjectives and participles agree with the noun's gender and number, and an
 * article also changes with the sound the noun begins with («un viaggio», «uno studio», «una
 * pratica», «un’agenzia»). Each is a select on the `gender`, `number` and `initial` the turn gives
 * with a noun (`initial`: `vowel`, `cluster` for s + consonant, z, x, y, gn, ps, pn, i + vowel, or
 * `consonant`), spelled once here. Masculine singular is the `other` case: a workflow with no
 * Italian noun is called by its key.
 */
const byGender = (masculine: string, feminine: string, masculinePlural: string, femininePlural: string) =>
  `{number, select, plural {{gender, select, feminine {${femininePlural}} other {${masculinePlural}}}} other {{gender, select, feminine {${feminine}} other {${masculine}}}}}`;
const bySound = (vowel: string, cluster: string, consonant: string) => `{initial, select, vowel {${vowel}} cluster {${cluster}} other {${consonant}}}`;
/** The indefinite article with its space or apostrophe: «un viaggio», «uno studio», «una pratica», «un’agenzia», «dei viaggi», «delle pratiche». */
const un = byGender(bySound('un ', 'uno ', 'un '), bySound('un’', 'una ', 'una '), bySound('degli ', 'degli ', 'dei '), 'delle ');
/** «nessun viaggio», «nessuno studio», «nessuna pratica», «nessun’agenzia»; plural nouns take no article. */
const nessun = byGender(bySound('nessun ', 'nessuno ', 'nessun '), bySound('nessun’', 'nessuna ', 'nessuna '), '', '');
/** «un nuovo viaggio», «una nuova pratica», «dei nuovi viaggi», «delle nuove pratiche». */
const unNuovo = byGender('un nuovo', 'una nuova', 'dei nuovi', 'delle nuove');
const verb = (singular: string, plural: string) => `{number, select, plural {${plural}} other {${singular}}}`;

/**
 * The built-in Italian sentences, written for Italian readers (guillemets, not curly quotes), with
 * articles, adjectives, participles and verbs that agree with the workflow's noun.
 */
export const italianCopy: CopyTexts = {
  notice: {
    unknownRecord: `Non ho potuto {operation}: non ${verb('esiste', 'esistono')} ${nessun}{noun} «{record}».`,
    noSuchRecord: 'Non c’è nulla che si chiami «{record}» su cui agire.',
    unknownOperation: `«{operation}» non è qualcosa che posso fare su ${un}{noun}.`,
    invalidValues: 'Non ho potuto {operation}: il valore dato per {field} non è stato accettato.',
    unchanged: 'Niente da {operation} su {noun} «{record}»: era già così.',
    conflict: `Non ho potuto {operation}: {noun} «{record}» ${byGender('è stato modificato', 'è stata modificata', 'sono stati modificati', 'sono state modificate')} nello stesso momento da qualcun altro. Riprova.`,
    alreadyExists: `Non ho potuto {operation}: ${verb('esiste', 'esistono')} già ${un}{noun} «{record}».`,
    cardDeclined: 'Hai rifiutato «{card}», quindi non è stato confermato nulla.',
    unknownCard: 'Non c’è nessun «{card}» sullo schermo a cui rispondere.',
    notUnderstood: 'Non ho capito questa parte del tuo messaggio: «{part}».',
    disputed: 'Hai detto che «{receipt}» non è giusto: «{said}».',
    unknownReceipt: 'Non trovo la modifica a cui ti riferisci ({receipt}).',
    noOpenAsk: 'Non avevo chiesto nulla, quindi quella risposta non è stata applicata.',
    submissionPending: 'Si attende ancora una risposta per {submission}: non è ancora fatto.',
    submissionRefused: 'La risposta per {submission} è stata negativa: non è stato fatto.',
    submissionRefusedBecause: 'La risposta per {submission} è stata negativa: non è stato fatto ({reason}).',
    unknownSubmission: 'Per {noun} «{record}» non è stato inviato nulla chiamato «{submission}».',
  },
  composition: {
    done: '{title}: {body}',
    starting: `Inizio ${unNuovo} {noun}.`,
    capabilities: `Su ${un}{noun} posso {operations}.`,
    nothingOnOffer: 'Per ora non c’è nulla che io possa fare qui.',
    statusOwes: `{noun} «{record}» ${verb('ha', 'hanno')} ancora bisogno di qualcosa: {needs}`,
    statusComplete: `{noun} «{record}» ${verb('ha', 'hanno')} tutto ciò che serve.`,
    nothingInView: 'Non c’è ancora nulla in corso di cui dare notizie.',
    submissionAcceptedTitle: 'Risposta ricevuta',
    submissionAccepted: 'La risposta per {submission} è stata positiva: è fatto.',
    fieldValues: 'Come {field} si può scegliere {values}.',
    notWritten: 'Non ho una risposta mia a «{question}».',
    acknowledged: 'Ricevuto.',
    listSeparator: ', ',
    listLastSeparator: ' e ',
    listLastAlternative: ' o ',
  },
  ask: {
    contested: 'Che cosa dovrebbe dire «{receipt}» invece?',
    awaitedValue: 'Per {operation}, quale {field} devo usare?',
    nextRecord: 'Poi, {noun} «{record}»: {sentence}',
    nextSteps: 'E adesso? {steps}',
  },
  confirmation: {
    cardOnScreen: 'Controlla «{card}» e scegli {buttons}.',
    button: '«{label}»',
  },
  attachment: {
    notShown: 'Non mi è stato mostrato «{name}» ({media_type}), quindi non posso dire che cosa contiene.',
    received: 'Ho ricevuto «{name}» ({media_type}).',
  },
};
