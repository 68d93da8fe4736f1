/**
 * One deadline per turn for the words written after its commit. The clock starts at the turn's
 * first writer call (its answers start together, then the acknowledgement) and every later call of
 * that turn shares it, so a turn's model time is bounded however many calls it makes. Expired turns
 * are forgotten on the next call, so memory stays bounded by the turns of one deadline window.
 */
export class TurnDeadlines {
  private readonly byTurn = new Map<string, { signal: AbortSignal; endsAt: number }>();

  constructor(
    /** Milliseconds a turn's writing may take in all. */
    readonly deadlineMs: number,
  ) {}

  /** The signal that fires when `turnId`'s deadline passes, or when `also` fires. */
  signalFor(turnId: string, also?: AbortSignal): AbortSignal {
    const now = Date.now();
    for (const [id, entry] of this.byTurn) if (entry.endsAt <= now) this.byTurn.delete(id);
    let entry = this.byTurn.get(turnId);
    if (!entry) {
      entry = { signal: AbortSignal.timeout(this.deadlineMs), endsAt: now + this.deadlineMs };
      this.byTurn.set(turnId, entry);
    }
    return also ? AbortSignal.any([entry.signal, also]) : entry.signal;
  }
}
