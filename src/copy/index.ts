export type {
  AskCopy,
  AttachmentCopy,
  CompositionCopy,
  ConfirmationCopy,
  CopyStruct,
  CopyTexts,
  CopyTranslation,
  NoticeCopy,
} from './copy-texts.js';
export { englishCopy } from './english-copy.js';
export { formatSentence } from './format-sentence.js';
export { italianCopy } from './italian-copy.js';
export { languageOf, resolveLocale, resolveTurnLocale } from './resolve-locale.js';
export type { MissingSentence } from './server-copy.js';
export { CopyIncompleteError, ServerCopy, assertCopyComplete } from './server-copy.js';
