import type { CopyTexts } from './copy-texts.js';

/** The built-in Italian sentences, written for Italian readers (guillemets, not curly quotes). */
export const italianCopy: CopyTexts = {
  notice: {
    unknownRecord: 'Non ho potuto {operation}: non esiste nessun {noun} «{record}».',
    noSuchRecord: 'Non c’è nulla che si chiami «{record}» su cui agire.',
    unknownOperation: '«{operation}» non è qualcosa che posso fare su un {noun}.',
    invalidValues: 'Non ho potuto {operation}: il valore dato per {field} non è stato accettato.',
    unchanged: 'Niente da {operation} su {noun} «{record}»: era già così.',
    conflict: 'Non ho potuto {operation}: {noun} «{record}» è stato modificato nello stesso momento da qualcun altro. Riprova.',
    alreadyExists: 'Non ho potuto {operation}: esiste già un {noun} «{record}».',
    cardDeclined: 'Hai rifiutato «{card}», quindi non è stato confermato nulla.',
    unknownCard: 'Non c’è nessun «{card}» sullo schermo a cui rispondere.',
    notUnderstood: 'Non ho capito questa parte del tuo messaggio: «{part}».',
    disputed: 'Hai detto che «{receipt}» non è giusto: «{said}».',
    unknownReceipt: 'Non trovo la modifica a cui ti riferisci ({receipt}).',
    noOpenAsk: 'Non avevo chiesto nulla, quindi quella risposta non è stata applicata.',
  },
  composition: {
    done: '{title}: {body}',
    starting: 'Inizio un nuovo {noun}.',
    capabilities: 'Su un {noun} posso {operations}.',
    nothingOnOffer: 'Per ora non c’è nulla che io possa fare qui.',
    statusOwes: '{noun} «{record}» ha ancora bisogno di qualcosa: {needs}',
    statusComplete: '{noun} «{record}» ha tutto ciò che serve.',
    nothingInView: 'Non c’è ancora nulla in corso di cui dare notizie.',
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
