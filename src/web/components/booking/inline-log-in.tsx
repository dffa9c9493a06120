import { Link } from "react-router";
import { TextField } from "~/web/components/ui/field";

/**
 * Signed out at checkout: log in right here, and the same press holds the tickets. New people sign
 * up on the sign-up page and come back to this page, where the basket is waiting (it is kept in
 * this browser).
 */
export function InlineLogIn({
  slug,
  error,
  back: backTo,
}: {
  slug: string;
  error: string | null;
  /** Where signing up comes back to: the event's page unless said. */
  back?: string;
}) {
  const back = encodeURIComponent(backTo ?? `/events/${slug}`);
  return (
    <fieldset className="mt-4 space-y-3 border-t border-border pt-4">
      <legend className="float-left mb-3 w-full text-sm font-semibold">Log in to check out</legend>
      {error ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to={`/sign-up?redirect=${back}`} className="link">
          New here? Sign up
        </Link>
        <Link to="/forgot-password" className="link">
          Forgot password?
        </Link>
      </p>
    </fieldset>
  );
}
