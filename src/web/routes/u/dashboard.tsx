import { Compass, Ticket } from "lucide-react";
import { Link } from "react-router";
import { displayName } from "../../components/shell/profile-menu";
import type { Route } from "./+types/dashboard";

export const handle = { title: "Dashboard" };
export const meta: Route.MetaFunction = () => [{ title: "Your dashboard · Ticketyboo" }];

export async function loader({ context }: Route.LoaderArgs) {
  // The signed-in layout has already sent anyone without a session away.
  return { user: context.user! };
}

function greeting(hour: number): string {
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hour12: false, timeZone: "Europe/London" }).format(new Date()));
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        {greeting(hour)}, {user.firstName ?? displayName(user)}
      </h1>
      <p className="mt-1 text-fg-muted">Here's what's coming up for you.</p>
      <section aria-labelledby="your-tickets" className="card mt-8 p-8 text-center">
        <Ticket aria-hidden className="mx-auto size-8 text-fg-muted" />
        <h2 id="your-tickets" className="mt-3 font-semibold">
          No upcoming tickets yet
        </h2>
        <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">When you book, your tickets live here and work at the door even offline.</p>
        <Link to="/" className="btn-primary mt-5">
          <Compass aria-hidden className="size-4" /> Find something to do
        </Link>
      </section>
    </div>
  );
}
