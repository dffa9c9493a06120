/** The Ticketyboo mark: a ticket stub with a tick, in brand pink. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-extrabold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <path
          d="M5 8a3 3 0 0 1 3-3h16a3 3 0 0 1 3 3v4a4 4 0 0 0 0 8v4a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3v-4a4 4 0 0 0 0-8z"
          fill="#c8175f"
        />
        <path
          d="m11 16.5 3.5 3.5L21.5 12"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-xl">
        ticketyboo<span className="text-brand">.</span>
      </span>
    </span>
  );
}
