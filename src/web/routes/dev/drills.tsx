import { Suspense, useState } from "react";
import { Await, data, Link } from "react-router";
import { toast } from "~/web/components/ui/toast";
import { confirm } from "../../components/ui/confirm-dialog";
import { loading } from "../../components/ui/loading-overlay";
import type { Route } from "./+types/drills";

export const handle = { title: "Developer drills" };
export const meta: Route.MetaFunction = () => [
  { title: "Developer drills · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

/**
 * /dev/* exercises the shell's shared pieces on demand, for people and for the e2e suite.
 * Mounted outside production only (or with ENABLE_DEV_ROUTES): elsewhere every path here is a 404.
 *   /dev/ui           confirmation dialog, loading overlay, toasts, hash links
 *   /dev/error        a loader that throws, to see the error boundary
 *   /dev/slow?ms=800  a loader that takes its time, to see the progress bar
 *   /dev/streaming?ms=3000  a loader whose answer arrives in two parts, the second after a wait
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!context.devRoutes) throw data(null, { status: 404 });
  const page = params["*"];
  if (page === "error") throw new Error("Error drill: this loader failed on purpose");
  if (page === "slow") {
    const ms = Math.min(Number(new URL(request.url).searchParams.get("ms") ?? 800) || 800, 5000);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { page: "slow" as const, ms };
  }
  if (page === "streaming") {
    // The page's data is sent at once; `later` follows in the same response once it settles.
    const ms = Math.min(Number(new URL(request.url).searchParams.get("ms") ?? 3000) || 3000, 10_000);
    const later = new Promise<string>((resolve) => setTimeout(() => resolve("arrived"), ms));
    return { page: "streaming" as const, ms, later };
  }
  if (page === "ui") return { page: "ui" as const, ms: 0 };
  throw data(null, { status: 404 });
}

export default function Drills({ loaderData }: Route.ComponentProps) {
  if (loaderData.page === "streaming") {
    return (
      <div className="container-page py-12">
        <h1 className="text-2xl font-bold">Streaming page</h1>
        <p className="mt-2 text-fg-muted">
          The rest of this page's data:{" "}
          <Suspense fallback="on its way">
            <Await resolve={loaderData.later}>{(value) => value}</Await>
          </Suspense>
        </p>
      </div>
    );
  }
  if (loaderData.page === "slow") {
    return (
      <div className="container-page py-12">
        <h1 className="text-2xl font-bold">Slow page</h1>
        <p className="mt-2 text-fg-muted">This page's loader waited {loaderData.ms} ms.</p>
      </div>
    );
  }
  return <UiDrills />;
}

function UiDrills() {
  const [answer, setAnswer] = useState<string>("none yet");
  return (
    <div className="container-page py-12">
      <h1 className="text-2xl font-bold">Shell drills</h1>
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          onClick={async () =>
            setAnswer(
              (await confirm({ title: "Delete this draft?", description: "You can't undo this." })) ? "yes" : "cancel",
            )
          }
        >
          Ask for confirmation
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            loading.show({ title: "Publishing your event", description: "This takes a few seconds." });
            setTimeout(loading.hide, 1500);
          }}
        >
          Show loading overlay
        </button>
        <button type="button" className="btn-secondary" onClick={() => toast.success("Event published")}>
          Show a toast
        </button>
        <Link to="/dev/slow?ms=1500" className="btn-secondary">
          Open a slow page
        </Link>
        <Link to="/dev/error" className="btn-secondary">
          Open a failing page
        </Link>
        <Link to="#far-section" className="btn-secondary">
          Jump to the far section
        </Link>
      </div>
      <p className="mt-4" aria-live="polite">
        Last answer: <strong>{answer}</strong>
      </p>
      <div className="h-[150vh]" aria-hidden />
      <section id="far-section" className="card p-6">
        <h2 className="text-lg font-semibold">Far section</h2>
        <p className="text-fg-muted">Hash links scroll here smoothly.</p>
      </section>
      <div className="h-[50vh]" aria-hidden />
    </div>
  );
}
