interface Waiting<Item, Outcome> {
  item: Item;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Work that arrives together shares one call (decisions 0016 and 0042). An item whose key has no call
 * in flight goes at once, alone, so nobody waits for a batch to fill; items arriving meanwhile wait,
 * and go next together (`most` at a time), in arrival order, through `all`. When `all` fails, each of
 * its items goes again through `alone`, so only the one at fault hears of it. Queues are kept per
 * `owner` (a database) and live only while a call for their key is in flight.
 */
export function sharedCalls<Owner extends object, Item, Outcome>(options: {
  most: number;
  all: (owner: Owner, items: Item[]) => Promise<Outcome[]>;
  alone: (owner: Owner, item: Item) => Promise<Outcome>;
}): (owner: Owner, key: string, item: Item) => Promise<Outcome> {
  const queues = new WeakMap<Owner, Map<string, Waiting<Item, Outcome>[]>>();

  /** Sends the key's waiting items until none are left; then, in the same turn, `done` takes the queue away. */
  async function sendInTurn(owner: Owner, queue: Waiting<Item, Outcome>[], done: () => void) {
    while (queue.length > 0) {
      const batch = queue.splice(0, options.most);
      try {
        const outcomes = await options.all(
          owner,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => w.resolve(outcomes[i]!));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map((w) => options.alone(owner, w.item).then(w.resolve, w.reject)));
      }
    }
    done();
  }

  return (owner, key, item) => {
    let byKey = queues.get(owner);
    if (!byKey) queues.set(owner, (byKey = new Map()));
    const keyed = byKey;
    const waiting = keyed.get(key);
    return new Promise<Outcome>((resolve, reject) => {
      if (waiting) return void waiting.push({ item, resolve, reject });
      const queue: Waiting<Item, Outcome>[] = [{ item, resolve, reject }];
      keyed.set(key, queue);
      void sendInTurn(owner, queue, () => keyed.delete(key));
    });
  };
}
