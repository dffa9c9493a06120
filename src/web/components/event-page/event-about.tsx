/** "About this event": the host's description, a paragraph for each blank-line break. */
export function EventAbout({ description }: { description: string }) {
  const paragraphs = description
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <section aria-labelledby="about-heading" className="mt-8">
      <h2 id="about-heading" className="text-xl font-bold">
        About this event
      </h2>
      <div className="mt-3 max-w-prose space-y-4 leading-7">
        {paragraphs.length > 0 ? (
          paragraphs.map((p, i) => <p key={i}>{p}</p>)
        ) : (
          <p className="text-fg-muted">The host hasn't written a description yet.</p>
        )}
      </div>
    </section>
  );
}
