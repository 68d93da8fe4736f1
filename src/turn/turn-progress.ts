import type { TurnResult } from './turn-result.js';

/** The phases a turn passes through, in order (some are skipped when they have nothing to do). */
export type TurnPhase = 'understanding' | 'acting' | 'committing' | 'answering' | 'acknowledging' | 'reviewing' | 'rewriting' | 'guarding' | 'done';

/**
 * What streams while a turn runs (W5): phases and understanding steps, which say what was read
 * and never what happened; then the reply, exactly once, whole, after commit and review.
 */
export type TurnProgressEvent =
  | { readonly kind: 'phase'; readonly phase: TurnPhase }
  | { readonly kind: 'understanding_step'; readonly step: string }
  | { readonly kind: 'reply'; readonly result: TurnResult };

/**
 * A single-consumer async queue of progress events that ends after the reply (or a failure).
 * Events pushed before anyone iterates are kept, so a late consumer misses nothing.
 */
export class ProgressChannel implements AsyncIterable<TurnProgressEvent> {
  private readonly queue: TurnProgressEvent[] = [];
  private waiting: ((r: IteratorResult<TurnProgressEvent>) => void) | undefined;
  private closed = false;

  push(event: TurnProgressEvent): void {
    if (this.closed) return;
    if (event.kind === 'reply') this.closed = true;
    const resolve = this.waiting;
    if (resolve) {
      this.waiting = undefined;
      resolve({ value: event, done: false });
    } else this.queue.push(event);
  }

  /** Ends the stream without a reply (the turn failed; its promise carries the error). */
  close(): void {
    this.closed = true;
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<TurnProgressEvent> {
    return {
      next: () => {
        const next = this.queue.shift();
        if (next) return Promise.resolve({ value: next, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
    };
  }
}
