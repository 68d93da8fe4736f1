import type { ModelOutcome } from '../model/index.js';
import type { CopyLanguage } from './identify-language.js';

/** A model-backed step of the pipeline, as a stop sentence names it. */
export type SuggestStep = 'burst' | 'strategy' | 'drafting';
/** Why a step failed: the model call's outcome, or a reading that left a suspected message unruled. */
export type StepFailure = Exclude<ModelOutcome, 'ok'> | 'unruled_suspicions';

/**
 * Why a reply plan was refused, as a value: each copy language words it itself, so a
 * Lithuanian match never reads an English fragment inside its summary.
 */
export type StrategyProblem =
  | { readonly kind: 'too_few_directions'; readonly count: number }
  | { readonly kind: 'pressure_after_pause'; readonly ruleset: 're_entry' | 'cta_follow_up' }
  | { readonly kind: 'hook_not_selected'; readonly hookFactId: string };

/**
 * Warrant's own words for every stop state and the fallback analysis summary, in each copy
 * language. These are code's sentences, never a model's, so a stop state reads the same every
 * time and needs no audit of its own.
 */
export interface StopCopy {
  statusClosed: string;
  reEntryUnanswered: string;
  awaitingAfterCta: string;
  reEntryUsed: string;
  likedPauseResting: (hours: number) => string;
  awaitingMatchReply: string;
  boundaryEndContact: string;
  /** A pause in force: nothing is written before `until` (a date, YYYY-MM-DD). */
  boundaryPause: (until: string) => string;
  blocker: (paths: readonly string[]) => string;
  unsupportedLanguageSummary: (language: string) => string;
  unsupportedLanguageQuestion: string;
  photoSummary: string;
  photoQuestion: string;
  missingFactSummary: (topic: string) => string;
  missingFactQuestion: (topic: string) => string;
  needsModel: string;
  /** A step failed: named, and its failure said, in the copy language (never an internal key). */
  skillFailed: (step: SuggestStep, failure: StepFailure) => string;
  /** Code read an explicit request to stop writing that the model reading did not: ask the user. */
  boundaryDisputedSummary: string;
  /** The smallest question: did they mean it? `words` are the words they wrote. */
  boundaryDisputedQuestion: (words: string) => string;
  /** No model reading: words that may set a boundary, which code cannot read alone. */
  boundaryNeedsReading: string;
  strategyIncomplete: (problems: readonly StrategyProblem[]) => string;
  tooFewSurvived: (kept: number, drafted: number, causes: string) => string;
  fallbackAnalysis: (count: number) => string;
  /** Each audit's name as the user reads it in a summary. */
  auditNames: Record<'schema' | 'language' | 'conduct' | 'privacy' | 'implication' | 'obligations' | 'drafting' | 'diversity', string>;
}

const en: StopCopy = {
  statusClosed: 'This conversation is closed, so no message should be written.',
  reEntryUnanswered: 'You already wrote once more after the silence and it went unanswered; writing again would be pressure. Let this one close.',
  awaitingAfterCta: 'A plan or contact was already proposed; the next move is theirs, so wait for their answer.',
  reEntryUsed: 'Your one follow-up after the silence has been sent; wait for their answer before writing again.',
  likedPauseResting: (hours) => `They liked your last message without replying yet; give it at least ${hours} hours before writing again.`,
  awaitingMatchReply: 'Your message is the latest one and it has not been long; wait for their reply.',
  boundaryEndContact: 'They asked not to be contacted further; respect that and write nothing.',
  boundaryPause: (until) => `They asked for time, and that pause holds until ${until}; write nothing before then.`,
  blocker: (paths) => `Something you marked as a deal-breaker applies to this match (${paths.join(', ')}), so no reply is suggested.`,
  unsupportedLanguageSummary: (language) => `Replies are written in English or Lithuanian, and this match's language is "${language}".`,
  unsupportedLanguageQuestion: 'Should the replies be written in English or in Lithuanian?',
  photoSummary: 'Their latest messages include a photo Warrant cannot see, and a reply has to respond to it.',
  photoQuestion: 'What does the photo they sent show?',
  missingFactSummary: (topic) => `They asked about your ${topic}, and your profile has no verified fact about it that may be shared.`,
  missingFactQuestion: (topic) => `What may a reply say about your ${topic}?`,
  needsModel: 'No gate stopped this conversation, but reading it and writing suggestions need a model, and none is configured.',
  skillFailed: (step, failure) =>
    `${{ burst: 'Reading their latest messages', strategy: 'Planning the replies', drafting: 'Drafting the replies' }[step]} could not be completed (${
      {
        timeout: 'the model took too long',
        provider_error: 'the model provider failed',
        malformed: 'the model gave an unusable answer',
        refused: 'the model refused',
        no_model: 'no model is configured',
        aborted: 'the request was cancelled',
        unruled_suspicions: 'the reading left a possible boundary unexamined',
      }[failure]
    }); no unchecked reply is shown. Try again shortly.`,
  boundaryDisputedSummary:
    'One of their messages reads as a request to stop writing, but the reading of its meaning says otherwise; that cannot be undone, so you decide.',
  boundaryDisputedQuestion: (words) => `They wrote “${words}” — did they mean it, or was it a joke?`,
  boundaryNeedsReading:
    'Some of their words may set a boundary (an end, a pause or a topic), and only a model reading of what they meant can tell; none is configured, so wait.',
  strategyIncomplete: (problems) =>
    `No usable reply plan could be made (${problems
      .map((p) =>
        p.kind === 'too_few_directions'
          ? `only ${p.count} eligible distinct directions`
          : p.kind === 'pressure_after_pause'
            ? `too much pressure ${p.ruleset === 're_entry' ? 'after a silence' : 'after a proposed plan'}`
            : `the hook ${p.hookFactId} is not a selected fact`,
      )
      .join('; ')}); no unchecked reply is shown.`,
  tooFewSurvived: (kept, drafted, causes) =>
    `Only ${kept} of ${drafted} drafted replies passed every check (${causes}); fewer than three is not enough to choose from, so none is shown.`,
  fallbackAnalysis: (count) => `${count} replies to their latest message, each taking a different direction.`,
  auditNames: {
    schema: 'shape',
    language: 'language',
    conduct: 'invitation or promise',
    privacy: 'privacy',
    implication: 'unsupported claims',
    obligations: 'unanswered points',
    drafting: 'drafting rules',
    diversity: 'too similar',
  },
};

const lt: StopCopy = {
  statusClosed: 'Šis pokalbis uždarytas, todėl žinutės rašyti nereikia.',
  reEntryUnanswered: 'Po tylos jau parašėte dar kartą ir atsakymo negavote; dar viena žinutė būtų spaudimas. Leiskite šiam pokalbiui baigtis.',
  awaitingAfterCta: 'Planas ar kontaktai jau pasiūlyti; dabar jų eilė, todėl palaukite atsakymo.',
  reEntryUsed: 'Vienintelė žinutė po tylos jau išsiųsta; prieš rašydami vėl palaukite atsakymo.',
  likedPauseResting: (hours) => `Jūsų paskutinė žinutė jiems patiko, bet atsakymo dar nėra; prieš rašydami vėl palaukite bent ${hours} valandų.`,
  awaitingMatchReply: 'Paskutinė žinutė yra jūsų ir praėjo dar nedaug laiko; palaukite atsakymo.',
  boundaryEndContact: 'Jie paprašė daugiau nerašyti; gerbkite tai ir nieko nerašykite.',
  boundaryPause: (until) => `Jie paprašė laiko, ir ši pertrauka galioja iki ${until}; iki tol nieko nerašykite.`,
  blocker: (paths) => `Šiam pokalbiui galioja tai, ką pažymėjote kaip nepriimtina (${paths.join(', ')}), todėl atsakymai nesiūlomi.`,
  unsupportedLanguageSummary: (language) => `Atsakymai rašomi anglų arba lietuvių kalba, o šio pokalbio kalba yra „${language}“.`,
  unsupportedLanguageQuestion: 'Kokia kalba rašyti atsakymus: anglų ar lietuvių?',
  photoSummary: 'Paskutinėse jų žinutėse yra nuotrauka, kurios Warrant nemato, o atsakymas turi į ją reaguoti.',
  photoQuestion: 'Kas matyti jų atsiųstoje nuotraukoje?',
  missingFactSummary: (topic) => `Jie paklausė apie jūsų sritį „${topic}“, o jūsų profilyje nėra patvirtinto fakto, kurį būtų galima atskleisti.`,
  missingFactQuestion: (topic) => `Ką atsakyme galima pasakyti apie jūsų sritį „${topic}“?`,
  needsModel: 'Nė vienas patikrinimas šio pokalbio nesustabdė, bet jam perskaityti ir atsakymams parašyti reikia modelio, o jis nesukonfigūruotas.',
  skillFailed: (step, failure) =>
    `${{ burst: 'Perskaityti paskutinių jų žinučių', strategy: 'Suplanuoti atsakymų', drafting: 'Parašyti atsakymų' }[step]} nepavyko (${
      {
        timeout: 'modelis atsakė per ilgai',
        provider_error: 'sutriko modelio tiekėjas',
        malformed: 'modelio atsakymas netinkamas',
        refused: 'modelis atsisakė',
        no_model: 'modelis nesukonfigūruotas',
        aborted: 'užklausa atšaukta',
        unruled_suspicions: 'skaitant liko neįvertinta galima riba',
      }[failure]
    }); nepatikrinti atsakymai nerodomi. Pabandykite netrukus.`,
  boundaryDisputedSummary:
    'Viena jų žinutė skamba kaip prašymas daugiau nerašyti, bet jos prasmės skaitymas sako ką kita; to nebeatšauksi, todėl spręskite jūs.',
  boundaryDisputedQuestion: (words) => `Jie parašė „${words}“ — ar tai rimtai, ar juokais?`,
  boundaryNeedsReading:
    'Kai kurie jų žodžiai gali reikšti ribą (pabaigą, pertrauką ar temą), o tai, ką jie turėjo omenyje, gali perskaityti tik modelis; jis nesukonfigūruotas, todėl palaukite.',
  strategyIncomplete: (problems) =>
    `Nepavyko sudaryti tinkamo atsakymo plano (${problems
      .map((p) =>
        p.kind === 'too_few_directions'
          ? `tinkamų skirtingų krypčių tik ${p.count}`
          : p.kind === 'pressure_after_pause'
            ? `per didelis spaudimas ${p.ruleset === 're_entry' ? 'po tylos' : 'po pasiūlyto plano'}`
            : `kabliukas ${p.hookFactId} nėra pasirinktas faktas`,
      )
      .join('; ')}); nepatikrinti atsakymai nerodomi.`,
  tooFewSurvived: (kept, drafted, causes) =>
    `Visus patikrinimus praėjo tik ${kept} iš ${drafted} parengtų atsakymų (${causes}); mažiau nei trijų neužtenka pasirinkimui, todėl nerodomas nė vienas.`,
  fallbackAnalysis: (count) => `${count} atsakymai į paskutinę jų žinutę, kiekvienas vis kita kryptimi.`,
  auditNames: {
    schema: 'forma',
    language: 'kalba',
    conduct: 'kvietimas ar pažadas',
    privacy: 'privatumas',
    implication: 'nepagrįsti teiginiai',
    obligations: 'neatsakyti klausimai',
    drafting: 'rašymo taisyklės',
    diversity: 'per daug panašūs',
  },
};

/** The stop-state sentences of `language` (a BCP 47 tag: `lt`, `lt-LT`); English for a language Warrant does not write. */
export function stopCopy(language: string): StopCopy {
  return copyLanguageOf(language) === 'lt' ? lt : en;
}

/**
 * The copy language of `language`, or `null` when suggestions cannot be written in it. A regional
 * tag is read by its primary subtag, case-insensitively (`lt-LT`, `en_GB`, `EN-us`): a Match in
 * `lt-LT` is written to in Lithuanian.
 */
export function copyLanguageOf(language: string): CopyLanguage | null {
  const primary = language.trim().toLowerCase().split(/[-_]/u)[0];
  return primary === 'en' || primary === 'lt' ? primary : null;
}
