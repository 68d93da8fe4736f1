import type { CopyTexts } from './copy-texts.js';

/*
 * German articles and endings agree with the noun's gender, number and case, so each is a select
 * on the `gender` and `number` a workflow declares for its noun («der Vorgang», «die Reise», «das
 * Projekt», «die Ferien»). Spelled once here; each sentence below reads with them in place.
 * Masculine is the `other` case: a workflow with no German noun is called by its key.
 */
const byGender = (masculine: string, feminine: string, neuter: string, plural: string) =>
  `{number, select, plural {${plural}} other {{gender, select, feminine {${feminine}} neuter {${neuter}} other {${masculine}}}}}`;
/** Nominative definite, at the start of a sentence: «Der Vorgang», «Die Reise», «Das Projekt», «Die Ferien». */
const DER = byGender('Der', 'Die', 'Das', 'Die');
/** Nominative definite inside a sentence. */
const der = byGender('der', 'die', 'das', 'die');
/** Accusative definite: «für den Vorgang», «für die Reise». */
const den = byGender('den', 'die', 'das', 'die');
/** Dative definite: «bei dem Vorgang», «bei der Reise». */
const dem = byGender('dem', 'der', 'dem', 'den');
/** Accusative indefinite, with its space: «einen Vorgang», «eine Reise», «ein Projekt», «Ferien». */
const einen = byGender('einen ', 'eine ', 'ein ', '');
/** Dative indefinite, with its space: «bei einem Vorgang», «bei einer Reise». */
const einem = byGender('einem ', 'einer ', 'einem ', '');
/** Accusative negative: «keinen Vorgang», «keine Reise», «kein Projekt», «keine Ferien». */
const keinen = byGender('keinen', 'keine', 'kein', 'keine');
/** Accusative indefinite with «neu»: «einen neuen Vorgang», «eine neue Reise», «ein neues Projekt», «neue Ferien». */
const einenNeuen = byGender('einen neuen', 'eine neue', 'ein neues', 'neue');
/** The pronoun for the noun: «er», «sie», «es», «sie». */
const er = byGender('er', 'sie', 'es', 'sie');
const verb = (singular: string, plural: string) => `{number, select, plural {${plural}} other {${singular}}}`;

/**
 * The built-in German sentences (`de`), written for German readers: „Anführungszeichen“, the
 * informal «du» as the Italian uses «tu», and articles, adjectives, pronouns and verbs that agree
 * with the workflow's noun.
 */
export const germanCopy: CopyTexts = {
  notice: {
    unknownRecord: `Das war nicht möglich ({operation}): Es gibt ${keinen} {noun} „{record}“.`,
    noSuchRecord: 'Ich finde nichts mit dem Namen „{record}“, womit ich etwas tun könnte.',
    unknownOperation: `„{operation}“ kann ich bei ${einem}{noun} nicht tun.`,
    invalidValues: 'Das war nicht möglich ({operation}): Der Wert für {field} wurde nicht angenommen.',
    unchanged: `Bei ${dem} {noun} „{record}“ gab es nichts zu tun ({operation}): Es war schon so.`,
    conflict: `Das war nicht möglich ({operation}): ${DER} {noun} „{record}“ ${verb('wurde', 'wurden')} im selben Moment von jemand anderem geändert. Bitte versuche es noch einmal.`,
    alreadyExists: `Das war nicht möglich ({operation}): Es gibt schon ${einen}{noun} „{record}“.`,
    cardDeclined: 'Du hast „{card}“ abgelehnt, daher wurde nichts bestätigt.',
    unknownCard: '„{card}“ ist gerade nicht auf dem Bildschirm, daher kann ich darauf nicht antworten.',
    notUnderstood: 'Diesen Teil deiner Nachricht habe ich nicht verstanden: „{part}“.',
    disputed: 'Du sagst, „{receipt}“ stimmt nicht: „{said}“.',
    unknownReceipt: 'Ich finde die Änderung nicht, auf die du dich beziehst ({receipt}).',
    noOpenAsk: 'Ich hatte nach nichts gefragt, daher habe ich diese Antwort nicht übernommen.',
    submissionPending: 'Für {submission} steht noch eine Antwort aus: Es ist noch nicht erledigt.',
    submissionRefused: 'Für {submission} kam eine Absage: Es wurde nicht erledigt.',
    submissionRefusedBecause: 'Für {submission} kam eine Absage: Es wurde nicht erledigt ({reason}).',
    unknownSubmission: `Für ${den} {noun} „{record}“ wurde nichts mit dem Namen „{submission}“ gesendet.`,
  },
  composition: {
    done: '{title}: {body}',
    starting: `Ich lege ${einenNeuen} {noun} an.`,
    capabilities: `Bei ${einem}{noun} kann ich: {operations}.`,
    nothingOnOffer: 'Hier kann ich im Moment noch nichts tun.',
    statusOwes: `${DER} {noun} „{record}“ ${verb('braucht', 'brauchen')} noch etwas: {needs}`,
    statusComplete: `${DER} {noun} „{record}“ ${verb('hat', 'haben')} alles, was ${er} ${verb('braucht', 'brauchen')}.`,
    nothingInView: 'Es ist noch nichts in Arbeit, worüber ich berichten könnte.',
    submissionAcceptedTitle: 'Antwort erhalten',
    submissionAccepted: 'Für {submission} kam eine Zusage: Es ist erledigt.',
    fieldValues: 'Als {field} geht {values}.',
    notWritten: 'Auf „{question}“ habe ich keine eigene Antwort.',
    acknowledged: 'Notiert.',
    listSeparator: ', ',
    listLastSeparator: ' und ',
    listLastAlternative: ' oder ',
  },
  ask: {
    contested: 'Was soll bei „{receipt}“ stattdessen stehen?',
    awaitedValue: 'Für „{operation}“ fehlt noch eine Angabe: {field}. Was soll ich eintragen?',
    nextRecord: `Als Nächstes ${der} {noun} „{record}“: {sentence}`,
    nextSteps: 'Wie geht es weiter? {steps}',
  },
  confirmation: {
    cardOnScreen: 'Bitte prüfe „{card}“ und wähle {buttons}.',
    button: '„{label}“',
  },
  attachment: {
    notShown: '„{name}“ ({media_type}) wurde mir nicht gezeigt, daher kann ich nicht sagen, was darin steht.',
    received: 'Ich habe „{name}“ ({media_type}) erhalten.',
  },
};
