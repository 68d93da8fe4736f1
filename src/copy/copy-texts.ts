/**
 * The server's own sentences, in five structs. Every field is a sentence template with `{slot}`
 * parameters (see `formatSentence`). Sentences about a record take `{noun}`: the record's
 * workflow's own word for one, in the same language, so Italian reads «viaggiatore» where English
 * reads «traveler».
 */

/** What the server says about something that did not happen, or happened differently. */
export interface NoticeCopy {
  /** An act named a record that does not exist. Slots: `operation`, `noun`, `record`. */
  readonly unknownRecord: string;
  /** An act named a record that does not exist, with an operation no workflow offers. Slot: `record`. */
  readonly noSuchRecord: string;
  /** An act named an operation its workflow does not offer. Slots: `operation`, `noun`. */
  readonly unknownOperation: string;
  /** An act's values were refused by the operation's schema. Slots: `operation`, `field`. */
  readonly invalidValues: string;
  /** An act that was valid but changed nothing. Slots: `operation`, `noun`, `record`. */
  readonly unchanged: string;
  /** Another turn committed on the same record first (a real revision race). Slots: `operation`, `noun`, `record`. */
  readonly conflict: string;
  /** An act would create a record that already exists. Slots: `operation`, `noun`, `record`. */
  readonly alreadyExists: string;
  /** The user declined a card. Slot: `card` (its title). */
  readonly cardDeclined: string;
  /** A card response named a card that is not on screen. Slot: `card`. */
  readonly unknownCard: string;
  /** A part of the message that was not understood. Slot: `part`. */
  readonly notUnderstood: string;
  /** The user contested a receipt. Slots: `receipt` (its title), `said`. */
  readonly disputed: string;
  /** A dispute named a receipt that does not exist. Slot: `receipt` (its id). */
  readonly unknownReceipt: string;
  /** A reply to an ask arrived when nothing had been asked. */
  readonly noOpenAsk: string;
  /** Something sent outside has no answer yet. Slot: `submission` (its label). */
  readonly submissionPending: string;
  /** Something sent outside was refused. Slot: `submission`. */
  readonly submissionRefused: string;
  /** Something sent outside was refused, with the reason the host gave. Slots: `submission`, `reason`. */
  readonly submissionRefusedBecause: string;
  /** The host reported on a submission the record's workflow does not have. Slots: `submission`, `noun`, `record`. */
  readonly unknownSubmission: string;
}

/** The words code assembles a reply from when no model writes it. */
export interface CompositionCopy {
  /** One receipt in the reply. Slots: `title`, `body`. */
  readonly done: string;
  /** A workflow the turn began without writing anything yet. Slot: `noun`. */
  readonly starting: string;
  /** The server's answer to "what can you do?". Slots: `noun`, `operations` (a list). */
  readonly capabilities: string;
  /** A capability question with no workflow to answer from. */
  readonly nothingOnOffer: string;
  /** A status answer for a record that still owes something. Slots: `noun`, `record`, `needs`. */
  readonly statusOwes: string;
  /** A status answer for a record that owes nothing. Slots: `noun`, `record`. */
  readonly statusComplete: string;
  /** The receipt's title when something sent outside was accepted. */
  readonly submissionAcceptedTitle: string;
  /** The receipt's body when something sent outside was accepted. Slot: `submission`. */
  readonly submissionAccepted: string;
  /** A status question with no record in view. */
  readonly nothingInView: string;
  /** The server's answer to "which values can this field take?". Slots: `field` (its name), `values` (a list of alternatives). */
  readonly fieldValues: string;
  /** A question nobody wrote an answer to. Slot: `question`. */
  readonly notWritten: string;
  /** The reply when a turn has nothing else to say (a bare "thanks" with nothing in view). */
  readonly acknowledged: string;
  /** Between items of a list. */
  readonly listSeparator: string;
  /** Before the last item of a list of things that all hold («a, b and c»). */
  readonly listLastSeparator: string;
  /** Before the last item of a list of alternatives, such as a card's buttons («a, b or c»). */
  readonly listLastAlternative: string;
}

/** How code asks for the one thing the work needs next. */
export interface AskCopy {
  /** After a contested receipt. Slot: `receipt` (its title). */
  readonly contested: string;
  /** A value an act is waiting for. Slots: `operation`, `field`. */
  readonly awaitedValue: string;
  /** An obligation of a record other than the one the turn was on. Slots: `noun`, `record`, `sentence`. */
  readonly nextRecord: string;
  /** A record that owes nothing: what its workflow says may come next. Slot: `steps` (a list). */
  readonly nextSteps: string;
}

/** What the server says about a card on screen. */
export interface ConfirmationCopy {
  /** Points at the card. Slots: `card` (its title), `buttons` (a list). */
  readonly cardOnScreen: string;
  /** One button in that list. Slot: `label`. */
  readonly button: string;
}

/** What the server says about files that came with a message. */
export interface AttachmentCopy {
  /** A file no model was shown: say so rather than guess. Slots: `name`, `media_type`. */
  readonly notShown: string;
  /** A file that was received and may be read. Slots: `name`, `media_type`. */
  readonly received: string;
}

/** Every sentence of one language. */
export interface CopyTexts {
  readonly notice: NoticeCopy;
  readonly composition: CompositionCopy;
  readonly ask: AskCopy;
  readonly confirmation: ConfirmationCopy;
  readonly attachment: AttachmentCopy;
}

/** The name of one struct of {@link CopyTexts}. */
export type CopyStruct = keyof CopyTexts;

/** A partial language: any struct, any field. What {@link ServerCopy.translated} takes. */
export type CopyTranslation = { readonly [S in CopyStruct]?: Partial<CopyTexts[S]> };
