/**
 * The evidence of one model call. Structural so the model layer's own record (task, prompt name
 * and hash, model id, latency, tokens, outcome) fits as it is; keys are converted to snake_case
 * when the turn result is written as JSON.
 *
 * A module of its own because both the turn result (whose evidence lists the calls) and the
 * writer seam (whose answers carry them) name it, and neither should import the other for it.
 */
export type WriterCall = { readonly task: string; readonly outcome: string } & Readonly<Record<string, unknown>>;
