import { MailCheck } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";

/** What a public form shows once it has been sent: what happens next, and where to go. */
export function SentCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div role="status" className="card p-6 text-center tablet:p-8">
      <MailCheck aria-hidden className="mx-auto size-8 text-brand" />
      <h2 className="mt-3 text-lg font-bold">{heading}</h2>
      <div className="mx-auto mt-1 max-w-md text-sm text-fg-muted">{children}</div>
    </div>
  );
}

/**
 * A key for the robot check that changes with each answer from the action: a solution works once,
 * so after a refusal the box starts afresh rather than posting the used one again.
 */
export function useRobotCheckKey(answer: unknown): number {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (answer) setAttempt((a) => a + 1);
  }, [answer]);
  return attempt;
}
