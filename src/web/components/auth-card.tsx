import type { ReactNode } from "react";

/** The frame of the sign-up, log-in and password pages: one card, centred, with a short promise. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="container-page grid min-h-[75dvh] place-items-center py-10 tablet:py-14">
      <div className="w-full max-w-md">
        <div className="card p-6 tablet:p-8">
          <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-fg-muted">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-5 text-center text-sm text-fg-muted">{footer}</div> : null}
      </div>
    </div>
  );
}
