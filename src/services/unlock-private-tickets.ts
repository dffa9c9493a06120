import { countWrongUnlockKey, unlockKeysBlocked } from "./booking-limits";
import type { Throttle } from "./throttle";

/**
 * The private ticket types a host's link (`?key=`) unlocks on the event page; a private discount
 * code does too, at checkout. Wrong keys count against the address, and once it has tried too many
 * no key unlocks anything.
 */
export async function unlockPrivateTickets(
  throttle: Throttle,
  input: {
    key: string;
    ip: string;
    tickets: readonly { id: string; kind: string }[];
    unlockKey: (ticketTypeId: string) => string;
    now: Date;
  },
): Promise<string[]> {
  const { key, ip, now } = input;
  if (!key || (await unlockKeysBlocked(throttle, ip, now))) return [];
  const unlockedIds = input.tickets
    .filter((t) => t.kind === "private" && input.unlockKey(t.id) === key)
    .map((t) => t.id);
  if (unlockedIds.length === 0) await countWrongUnlockKey(throttle, ip, now);
  return unlockedIds;
}
