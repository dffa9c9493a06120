import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * A request the page gave up on is not a fault. React Router's single fetch (7.18) leaves promises
 * rejected with nobody to catch them when a navigation is interrupted while a page's data is still
 * arriving (its turbo-stream decoder rejects a `done` promise it has stopped holding, and every
 * streamed value): the browser would report each abort as an uncaught error. Ours catch their own
 * aborts; any other rejection is still reported.
 */
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
