import type { ReactNode } from "react";

/**
 * The top of a page people read (the information pages, pricing, get the app): a small label, the
 * page's one h1 and a lead paragraph, with anything else (a button, when it was updated) below.
 */
export function PageIntro({
  eyebrow,
  title,
  lead,
  className = "",
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={`mx-auto max-w-5xl ${className}`}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance tablet:text-4xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-lg text-fg-muted">{lead}</p>
      {children}
    </header>
  );
}
