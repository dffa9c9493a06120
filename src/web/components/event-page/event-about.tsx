/**
 * "About this event": the host's description as the Studio's editor wrote it. The HTML was cleaned
 * on the server (`sanitizeDescription`: the editor's marks only, safe links), so it is shown as is.
 */
export function EventAbout({ html }: { html: string }) {
  return (
    <section aria-labelledby="about-heading" className="mt-8">
      <h2 id="about-heading" className="text-xl font-bold">
        About this event
      </h2>
      {html ? (
        <div className="rich-text mt-3 max-w-prose leading-7" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="mt-3 text-fg-muted">The host hasn't written a description yet.</p>
      )}
    </section>
  );
}
