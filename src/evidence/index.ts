export type { EffectFilter, EffectStore, EffectStoreOptions, StoredEffect } from './effect-store.js';
export { createEffectStore, hasEffects } from './effect-store.js';
export type { GroupCommitWriter, GroupCommitWriterOptions } from './group-commit-writer.js';
export { createGroupCommitWriter } from './group-commit-writer.js';
export type { JsonLoggerOptions, LogRecord, Logger } from './json-logger.js';
export { createJsonLogger, silentLogger } from './json-logger.js';
export { newRecordId, recordIdTime } from './record-id.js';
export { defaultTracer, inSpan, recordFinishedSpan } from './spans.js';
export { storeCall } from './store-call.js';
