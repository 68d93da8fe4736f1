import type { CopyTexts } from './copy-texts.js';

/** The built-in English sentences. Curly quotes because these are read by people, not parsed. */
export const englishCopy: CopyTexts = {
  notice: {
    unknownRecord: 'Could not {operation}: there is no {noun} “{record}”.',
    noSuchRecord: 'There is nothing called “{record}” to act on.',
    unknownOperation: '“{operation}” is not something I can do on a {noun}.',
    invalidValues: 'Could not {operation}: the value given for {field} was not accepted.',
    unchanged: 'Nothing to {operation} on {noun} “{record}”: it was already that way.',
    conflict: 'Could not {operation}: {noun} “{record}” was changed at the same moment by someone else. Please try again.',
    alreadyExists: 'Could not {operation}: there is already a {noun} “{record}”.',
    cardDeclined: 'You declined “{card}”, so nothing was confirmed.',
    unknownCard: 'There is no “{card}” on screen to answer.',
    notUnderstood: 'I did not understand this part of your message: “{part}”.',
    disputed: 'You said “{receipt}” is not right: “{said}”.',
    unknownReceipt: 'I cannot find the change you are referring to ({receipt}).',
    noOpenAsk: 'I had not asked for anything, so that answer was not applied.',
  },
  composition: {
    done: '{title}: {body}',
    starting: 'Starting a new {noun}.',
    capabilities: 'On a {noun} I can {operations}.',
    nothingOnOffer: 'There is nothing I can do here yet.',
    statusOwes: '{noun} “{record}” still needs something: {needs}',
    statusComplete: '{noun} “{record}” has everything it needs.',
    nothingInView: 'There is nothing in progress to report on yet.',
    fieldValues: 'The {field} can be {values}.',
    notWritten: 'I have no answer of my own to “{question}”.',
    acknowledged: 'Noted.',
    listSeparator: ', ',
    listLastSeparator: ' and ',
    listLastAlternative: ' or ',
  },
  ask: {
    contested: 'What should “{receipt}” say instead?',
    awaitedValue: 'To {operation}, what {field} should I use?',
    nextRecord: 'Next, {noun} “{record}”: {sentence}',
    nextSteps: 'What next? {steps}',
  },
  confirmation: {
    cardOnScreen: 'Please check “{card}” and choose {buttons}.',
    button: '“{label}”',
  },
  attachment: {
    notShown: 'I was not shown “{name}” ({media_type}), so I cannot say what it contains.',
    received: 'I received “{name}” ({media_type}).',
  },
};
