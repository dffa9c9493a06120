/**
 * The team's chat room, reached through an incoming webhook (spec §7: feedback, support requests
 * and bug reports are posted there as a text message). The body is Slack's `{ "text": … }`, which
 * Slack, Mattermost, Rocket.Chat and Discord's /slack endpoints all accept.
 *
 * Posting is a courtesy on top of the stored record, so it never throws: a missing URL, a slow or
 * failing chat service all come back as `false`, and callers carry on.
 */
export interface TeamChat {
  /** Whether a webhook is configured at all. */
  readonly configured: boolean;
  post(text: string): Promise<boolean>;
}

export const TEAM_CHAT_TIMEOUT_MS = 5_000;

/** The slice of the app logger (pino) this needs. */
export interface ChatLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

export function createTeamChat(
  url: string | undefined,
  logger: ChatLogger,
  options: { timeoutMs?: number } = {},
): TeamChat {
  const timeoutMs = options.timeoutMs ?? TEAM_CHAT_TIMEOUT_MS;
  if (!url) return { configured: false, post: async () => false };
  // The webhook URL is a secret (anyone holding it can post): logs name only its host.
  const where = safeHost(url);
  return {
    configured: true,
    async post(text) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json; charset=utf-8" },
          body: JSON.stringify({ text }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        // Drain the body so the connection can be reused; its content is not needed.
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) {
          logger.warn({ host: where, status: response.status }, "team chat refused the message");
          return false;
        }
        return true;
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        logger.warn(
          { host: where, reason: timedOut ? `no answer within ${timeoutMs} ms` : String(error) },
          "team chat post failed",
        );
        return false;
      }
    },
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "invalid URL";
  }
}
