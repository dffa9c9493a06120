import { formatTimestamp } from "~/lib/format";
import { listAuditLog } from "~/services/audit-log";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/audit-log";

export const handle = { title: "Audit log" };
export const meta: Route.MetaFunction = () => [
  { title: "Audit log · Staff console · Ticketyboo" },
  { name: "description", content: "Every action staff have taken in the console." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  return listAuditLog(context.database.db, { page });
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mt-2 text-fg-muted">
        {total === 0
          ? "Nothing has been done in the console yet. Each action staff take here will be listed, newest first."
          : `${total.toLocaleString("en-GB")} ${total === 1 ? "action" : "actions"}, newest first.`}
      </p>
      {rows.length > 0 ? (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-border">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Staff actions, newest first</caption>
            <thead className="bg-surface-2 text-fg-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  When
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Who
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  What
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-border align-top">
                  <td className="px-4 py-2 whitespace-nowrap">{formatTimestamp(new Date(r.createdAt))}</td>
                  <td className="px-4 py-2">{r.actorEmail}</td>
                  <td className="px-4 py-2">
                    {r.summary}
                    <span className="mt-0.5 block font-mono text-xs text-fg-muted">{r.action}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/admin/audit-log?page=${p}`} label="Log pages" />
    </>
  );
}
