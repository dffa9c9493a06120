import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary (the event page's Access block, the waitlist card) stays where it
        // is in the document. Otherwise React moves every one past the first 12.8 KB of HTML into a
        // hidden template that its script reveals, and a page read without JavaScript never shows it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Everyone gets the whole document at once, browsers too. Every loader has finished before React
        // renders (none hands it a promise), so all that can still wait is a part whose code loads on
        // demand (React.lazy: the Access block, the waitlist card). The first page to show one after the
        // server starts would otherwise go out with the part left behind, in a hidden element that only
        // React's script reveals: shown late with JavaScript, and never without it.
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // A part that failed is rendered again in the browser; the page is still a failure, and said so.
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
