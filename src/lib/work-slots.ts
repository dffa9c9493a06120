/** Work that must not run more than a few at a time in one process (decoding pictures takes a core each). */
export class WorkQueueFull extends Error {
  constructor() {
    super("Too much of this work is waiting already.");
    this.name = "WorkQueueFull";
  }
}

export interface WorkSlots {
  /** Waits for a free slot, and gives back its release; throws WorkQueueFull when `maxWaiting` already wait. */
  acquire(): Promise<() => void>;
  /** Runs `work` in a slot. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** At most `max` holders at once and `maxWaiting` in line; anyone beyond is refused at once. */
export function workSlots(max: number, maxWaiting: number): WorkSlots {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  const acquire = async (): Promise<() => void> => {
    if (busy < max) {
      busy++;
      return release;
    }
    if (waiting.length >= maxWaiting) throw new WorkQueueFull();
    // The releaser hands its slot straight to the next in line: busy stays the same.
    await new Promise<void>((resolve) => waiting.push(resolve));
    return release;
  };
  return {
    acquire,
    async run(work) {
      const done = await acquire();
      try {
        return await work();
      } finally {
        done();
      }
    },
  };
}
