// The ordered command queue: commands reach the shell one at a time, in the order the UI sent
// them (a stroke's edits, then its end), and each answer is handled before the next command goes.

import { errorText } from "./errors";

export type Failure = (e: unknown) => void;

export class CommandQueue {
  private chain: Promise<unknown> = Promise.resolve();

  /** `onError`: how a failed command is shown (a dialog); `onQuiet`: for commands sent with
   * `quiet` (a failed dab of a stroke: a line in the status bar). */
  constructor(private onError: Failure, private onQuiet: (text: string) => void) {}

  /** Queue `call`; `then` gets its answer. Resolves once both ran (or the call failed). */
  send<T>(call: () => Promise<T>, then?: (v: T) => void, quiet = false): Promise<void> {
    this.waiting++;
    const p = this.chain.then(call).then(
      (v) => then?.(v),
      (e) => (quiet ? this.onQuiet(errorText(e)) : this.onError(e)),
    ).finally(() => { this.waiting--; });
    this.chain = p;
    return p;
  }

  /** Commands sent and not yet answered (and handled). */
  private waiting = 0;

  /** Whether every command sent has been answered and handled. */
  get quiet(): boolean {
    return this.waiting === 0;
  }

  /** Resolves once every command sent so far is answered. */
  async idle(): Promise<void> {
    await this.chain;
  }
}
