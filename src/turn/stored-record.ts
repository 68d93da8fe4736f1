/** A record as stored: its workflow, the revision its last event produced, and its state. */
export interface StoredRecord {
  readonly id: string;
  readonly workflow: string;
  /** 0 for a record created by a turn that appended no events to it yet; else its last event's revision. */
  readonly revision: number;
  readonly state: unknown;
}

/** A committed event, as read back from the store. */
export interface CommittedEvent {
  readonly recordId: string;
  readonly revision: number;
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly turnId: string;
}
