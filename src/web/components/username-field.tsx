import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { normaliseUsername } from "~/domain/profile-rules";
import { TextField } from "~/web/components/ui/field";

/** What /u/settings/username-available answers. */
export interface UsernameCheck {
  username: string;
  available: boolean;
  message: string;
}

/** Username with a live, debounced "is it free?" check; the save still has the last word. */

/** How the username check's answer looks. */
const STATUS_TONE = { ok: "font-medium text-success", bad: "font-medium text-danger", muted: "text-fg-muted" } as const;
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
  const check = useFetcher<UsernameCheck>();
  const load = check.load;
  const wanted = normaliseUsername(typed);
  const unchanged = wanted === saved;

  useEffect(() => {
    if (wanted === "" || unchanged) return;
    const timer = setTimeout(
      () => void load(`/u/settings/username-available?username=${encodeURIComponent(wanted)}`),
      500,
    );
    return () => clearTimeout(timer);
  }, [wanted, unchanged, load]);

  // The server's refusal is about the name it was sent: once that is changed, the live check speaks.
  const refused = error && wanted === normaliseUsername(initial) ? error : undefined;
  const answer = check.data && check.data.username === wanted ? check.data : null;
  let status: { tone: "muted" | "ok" | "bad"; text: string } | null = null;
  if (!refused && !unchanged && wanted !== "") {
    if (answer) status = { tone: answer.available ? "ok" : "bad", text: answer.message };
    else status = { tone: "muted", text: "Checking…" };
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
