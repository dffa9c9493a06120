import { Inbox } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "~/web/components/ui/toast";

/** The console page's heading and what it is for. */
export function StaffHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children ? <p className="mt-2 max-w-prose text-fg-muted">{children}</p> : null}
    </>
  );
}

/** Filters of one list (open, handled…), as links, so each is a page of its own. */
export function StateTabs({ label, tabs }: { label: string; tabs: { label: string; to: string; active: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-2">
      {tabs.map((t) => (
        <Link
          key={t.to}
          to={t.to}
          aria-current={t.active ? "page" : undefined}
          className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${
            t.active ? "border-brand bg-brand-soft text-fg" : "border-border text-fg-muted hover:text-fg"
          }`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/** What a list says when it has nothing to show. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-border p-8 text-center text-fg-muted">
      <Inbox aria-hidden className="mx-auto size-8" />
      <p className="mt-2">{children}</p>
    </div>
  );
}

/** Tells the outcome of the page's last action as a toast (its words are the action's). */
export function useActionToast(answer: { ok: boolean; message?: string; error?: string } | undefined) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message ?? "Done");
    else toast.error(answer.error ?? "Something went wrong. Please Try Again!");
  }, [answer]);
}
