/** One command to run: `name` labels its result. */
export interface Step {
  name: string;
  command: string;
  args: string[];
}
/** What a step did: its exit code (null when it could not start), its time, and its stdout and stderr together. */
export interface StepResult {
  name: string;
  code: number | null;
  ms: number;
  output: string;
}
/** Runs every step at once; resolves once all have ended, in the order given. */
export function runSideBySide(steps: Step[], options?: { cwd?: string }): Promise<StepResult[]>;
