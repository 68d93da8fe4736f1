/**
 * The trip example as a workflow module for the replica fault test, with one difference: when
 * `WARRANT_TEST_STALL_SIGNAL` names a file, `start_trip`'s handler writes that file and then
 * blocks the process's thread (until it is killed, or two minutes pass), so a SIGKILL the test
 * sends on seeing the file lands inside a turn, before its commit.
 */
import { writeFileSync } from 'node:fs';
import { locales, tripWorkflow } from '../../../examples/trip/index.js';

const signal = process.env.WARRANT_TEST_STALL_SIGNAL;

function stall(): void {
  if (!signal) return;
  writeFileSync(signal, String(process.pid));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
}

const startTrip = tripWorkflow.operations.start_trip!;

export const workflows = [
  {
    ...tripWorkflow,
    operations: {
      ...tripWorkflow.operations,
      start_trip: { ...startTrip, handle: (...args: Parameters<typeof startTrip.handle>) => (stall(), startTrip.handle(...args)) },
    },
  },
];

export { locales };
