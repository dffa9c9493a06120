import { Link } from "react-router";
import { ADMIN_SECTIONS } from "~/web/lib/admin-sections";
import type { Route } from "./+types/home";

export const handle = { title: "Staff console" };
export const meta: Route.MetaFunction = () => [
  { title: "Staff console · Ticketyboo" },
  { name: "description", content: "Ticketyboo's staff console." },
  { name: "robots", content: "noindex" },
];

export default function StaffConsoleHome() {
  return (
    <>
      <h1 className="text-2xl font-bold">Staff console</h1>
      <p className="mt-2 max-w-prose text-fg-muted">
        What staff look after. Everything done here is written to the audit log with who did it and when.
      </p>
      <ul className="mt-6 grid gap-3 tablet:grid-cols-2 laptop:grid-cols-3">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="block h-full rounded-2xl border border-border bg-surface p-4 hover:border-brand">
              <span className="font-semibold">{s.label}</span>
              <span className="mt-1 block text-sm text-fg-muted">{s.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
