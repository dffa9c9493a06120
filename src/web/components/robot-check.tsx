import "altcha/altcha.css";
import type {} from "altcha/types/react";
import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import { messages } from "~/texts/messages";

/**
 * The robot check for a form: ALTCHA's "I'm not a robot" box. Ticking it makes the browser solve
 * a small proof-of-work puzzle from /api/altcha/challenge, and the widget puts the solution in a
 * hidden `altcha` field that the form posts; the action checks it with
 * `context.robotCheck.verify(form.get("altcha"), now)`.
 *
 * The widget is a web component that needs the browser, so it loads after hydration; the server
 * renders a look-alike of the same height so nothing moves. A press on the look-alike is not lost:
 * it is remembered, and the check starts as soon as the widget is there. `onVerified` is told when
 * the check passes (a form clears its robot-check error then). We load ALTCHA's "external" build and
 * its worker as a file of our own origin: the default build starts workers from blob: URLs and
 * injects a <style> element, which our Content Security Policy would block or need loosening for.
 */
export function RobotCheck({
  error,
  name = "altcha",
  onVerified,
}: {
  error?: string | null;
  name?: string;
  onVerified?: () => void;
}) {
  const errorId = useId();
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [pressedEarly, setPressedEarly] = useState(false);
  const widget = useRef<HTMLElement & { verify?: () => Promise<unknown> }>(null);
  const verified = useRef(onVerified);
  verified.current = onVerified;

  useEffect(() => {
    const element = widget.current;
    if (status !== "ready" || !element) return;
    const onState = (event: Event) => {
      if ((event as CustomEvent<{ state?: string }>).detail?.state === "verified") verified.current?.();
    };
    element.addEventListener("statechange", onState);
    if (pressedEarly) void element.verify?.();
    return () => element.removeEventListener("statechange", onState);
  }, [status, pressedEarly]);

  useEffect(() => {
    let active = true;
    loadWidget().then(
      () => active && setStatus("ready"),
      () => active && setStatus("failed"),
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <div>
      <div
        role="group"
        aria-label="Robot check"
        aria-describedby={error ? errorId : undefined}
        className="min-h-[var(--tb-altcha-height)]"
        style={theme}
      >
        {status === "ready" ? (
          <altcha-widget ref={widget} challenge={CHALLENGE_URL} name={name} configuration={CONFIGURATION} />
        ) : (
          <Placeholder failed={status === "failed"} pressed={pressedEarly} onPress={() => setPressedEarly(true)} />
        )}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const CHALLENGE_URL = "/api/altcha/challenge";

const CONFIGURATION = JSON.stringify({
  hideFooter: true,
  hideLogo: false,
  // Shown by the browser when a form without noValidate is submitted unticked.
  validationMessage: messages.auth.notARobot,
});

/** ALTCHA's CSS variables mapped to our theme tokens (src/web/app.css), so light and dark both fit. */
const theme = {
  "--tb-altcha-height": "48px",
  "--altcha-max-width": "100%",
  "--altcha-padding": "0.75rem",
  "--altcha-border-radius": "0.75rem",
  "--altcha-border-color": "var(--border)",
  "--altcha-color-base": "var(--surface)",
  "--altcha-color-base-content": "var(--fg)",
  "--altcha-color-neutral": "var(--border)",
  "--altcha-color-neutral-content": "var(--fg-muted)",
  "--altcha-color-primary": "var(--brand-strong)",
  "--altcha-color-primary-content": "var(--on-brand)",
  "--altcha-color-success": "var(--success)",
  "--altcha-color-success-content": "var(--bg)",
  "--altcha-color-error": "var(--danger)",
  "--altcha-color-error-content": "var(--bg)",
  "--altcha-checkbox-border-color": "var(--fg-muted)",
  "--altcha-checkbox-outline": "2px solid var(--ring)",
  "--altcha-input-background-color": "var(--surface)",
  "--altcha-spinner-color": "var(--brand)",
} as CSSProperties;

/**
 * Before the widget loads (and without JavaScript): the same box. Pressed while the widget loads,
 * it says so and the check starts once the widget is there.
 */
function Placeholder({ failed, pressed, onPress }: { failed: boolean; pressed: boolean; onPress: () => void }) {
  if (failed) {
    return (
      <div
        className="flex min-h-[var(--tb-altcha-height)] items-center gap-2 rounded-xl border border-border
        bg-surface px-3 text-sm"
      >
        <span className="text-fg-muted">
          The robot check could not load. Check your connection and reload the page.
        </span>
      </div>
    );
  }
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={pressed ? "mixed" : false}
      onClick={onPress}
      className="flex min-h-[var(--tb-altcha-height)] w-full items-center gap-2 rounded-xl border border-border
        bg-surface px-3 text-left text-sm"
    >
      <span
        aria-hidden="true"
        className={`size-[22px] shrink-0 rounded-[5px] border border-fg-muted ${pressed ? pressedBox : ""}`}
      />
      <span className="text-fg-muted">{pressed ? "Checking…" : "I'm not a robot"}</span>
      <noscript>
        <span className="text-fg-muted"> — turn on JavaScript to complete this check.</span>
      </noscript>
    </button>
  );
}

const pressedBox = "animate-pulse bg-brand-soft";

let loading: Promise<void> | undefined;

/** Loads the widget and its proof-of-work worker once per page, in the browser only. */
function loadWidget(): Promise<void> {
  loading ??= (async () => {
    const [, { default: Pbkdf2Worker }] = await Promise.all([
      import("altcha/external"),
      import("altcha/workers/pbkdf2?worker"),
    ]);
    // Our challenges use PBKDF2/SHA-256 (server/robot-check.server.ts); the worker is a file of our origin.
    globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
