import { useEffect, useState } from "react";
import { normaliseUsername } from "~/domain/profile-rules";
import { TextField } from "~/web/components/ui/field";

/** What /u/settings/username-available answers. */
export interface UsernameCheck {
  username: string;
  available: boolean;
  message: string;
}

/** How the username check's answer looks. */
const STATUS_TONE = { ok: "font-medium text-success", bad: "font-medium text-danger", muted: "text-fg-muted" } as const;
/**
 * Username with a live, debounced "is it free?" check; the save still has the last word. The check is a plain request,
 * not a React Router fetcher: a fetcher's loads are made again after every save, and one that fails (a slow or lost
 * connection) takes the whole page to its error screen, losing what was typed. A check that fails here says nothing.
 */
export function UsernameField({
  initial,
  saved,
  isHost,
  error,
  hint,
}: {
  initial: string;
  /** The person's own username: it counts as theirs, so it is not checked. */
  saved: string;
  isHost: boolean;
  error?: string;
  hint?: string;
}) {
  const [typed, setTyped] = useState(initial);
  const [checked, setChecked] = useState<{ username: string; answer: UsernameCheck | null } | null>(null);
  const wanted = normaliseUsername(typed);
  const unchanged = wanted === saved;

  useEffect(() => {
    if (wanted === "" || unchanged) return;
    const asking = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/u/settings/username-available?username=${encodeURIComponent(wanted)}`, {
        signal: asking.signal,
        headers: { Accept: "application/json" },
      })
        .then((res) => (res.ok ? (res.json() as Promise<UsernameCheck>) : null))
        .catch(() => null)
        .then((answer) => {
          if (!asking.signal.aborted) setChecked({ username: wanted, answer });
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      asking.abort();
    };
  }, [wanted, unchanged]);

  // The server's refusal is about the name it was sent: once that is changed, the live check speaks.
  const refused = error && wanted === normaliseUsername(initial) ? error : undefined;
  const done = checked?.username === wanted ? checked : null;
  let status: { tone: "muted" | "ok" | "bad"; text: string } | null = null;
  if (!refused && !unchanged && wanted !== "") {
    if (done?.answer) status = { tone: done.answer.available ? "ok" : "bad", text: done.answer.message };
    else if (!done) status = { tone: "muted", text: "Checking…" };
  }

  return (
    <div>
      <TextField
        label="Username"
        name="username"
        aside={isHost ? undefined : "(optional)"}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={initial}
        error={refused}
        onChange={(e) => setTyped(e.currentTarget.value)}
        hint={
          hint ??
          `Lowercase letters, numbers, _ and -, 3 to 30 ` +
            `characters.${isHost ? " It's the address of your booking page." : ""}`
        }
      />
      <p aria-live="polite" className={`mt-1 text-sm empty:hidden ${STATUS_TONE[status?.tone ?? "muted"]}`}>
        {status?.text}
      </p>
    </div>
  );
}
