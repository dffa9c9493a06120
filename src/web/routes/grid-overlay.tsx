import { GridOverlay } from "../components/shell/debug-tools";
import type { Route } from "./+types/grid-overlay";

export const handle = { title: "Layout grid" };
export const meta: Route.MetaFunction = () => [
  { title: "Layout grid · Ticketyboo" },
  { name: "description", content: "The layout grid Ticketyboo's pages are built on, for checking how things line up." },
  { name: "robots", content: "noindex" },
];

const BREAKPOINTS = [
  { name: "Phone", from: "0", columns: 4, gutter: "16px" },
  { name: "Tablet", from: "768px", columns: 8, gutter: "24px" },
  { name: "Laptop and desktop", from: "1024px", columns: 12, gutter: "24px" },
];

/** The page designers and engineers use to check alignment; Ctrl+G shows the same grid anywhere. */
export default function GridOverlayPage() {
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">Layout grid</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        Every page aligns to this grid. Press{" "}
        <kbd className="rounded border border-border bg-surface-2 px-1.5 font-mono text-sm">Ctrl</kbd> +{" "}
        <kbd className="rounded border border-border bg-surface-2 px-1.5 font-mono text-sm">G</kbd> on any page to lay
        it over the content.
      </p>
      <table className="mt-8 w-full max-w-2xl text-left text-sm">
        <caption className="sr-only">Grid columns by screen width</caption>
        <thead className="border-b border-border text-fg-muted">
          <tr>
            <th className="py-2 font-medium">Screen</th>
            <th className="py-2 font-medium">From</th>
            <th className="py-2 font-medium">Columns</th>
            <th className="py-2 font-medium">Gutter</th>
          </tr>
        </thead>
        <tbody>
          {BREAKPOINTS.map((b) => (
            <tr key={b.name} className="border-b border-border">
              <td className="py-2">{b.name}</td>
              <td className="py-2">{b.from}</td>
              <td className="py-2">{b.columns}</td>
              <td className="py-2">{b.gutter}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <GridOverlay />
    </div>
  );
}
