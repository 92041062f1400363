interface Timer { at: number; fn: () => void }

/**
 * xstate's SimulatedClock, reduced to what the simulation needs: timers fire only when `increment` moves
 * time past them. Ours because importing SimulatedClock moves it into the xstate chunk every /auth visit loads.
 */
export class ManualClock {
  private now = 0;
  private nextId = 0;
  private readonly timers = new Map<number, Timer>();

  setTimeout(fn: () => void, timeout: number): number {
    this.nextId += 1;
    this.timers.set(this.nextId, { at: this.now + timeout, fn });
    return this.nextId;
  }

  clearTimeout(id: number): void {
    this.timers.delete(id);
  }

  /** Moves time forward by `ms`, firing every timer now due in the order they fall due. */
  increment(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= until).sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.now = timer.at;
      timer.fn();
    }
    this.now = until;
  }
}
