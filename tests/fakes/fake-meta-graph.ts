import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Meta's Graph API, speaking the Conversions API as documented: `POST
 * /{version}/{pixel}/events` with JSON `{ data: [...], access_token }`; 200 with
 * `{ events_received, messages, fbtrace_id }`, or 400 with a Graph error (a wrong token is
 * OAuthException 190; a malformed event is 100 with the parameter named).
 */
export interface FakeMetaGraph {
  url: string;
  /** Every events request that was accepted, as sent. */
  received: { pixelId: string; body: { data: Record<string, unknown>[]; access_token: string } }[];
  close(): Promise<void>;
}

export async function startFakeMetaGraph(opts: { accessToken: string; version?: string }): Promise<FakeMetaGraph> {
  const version = opts.version ?? "v21.0";
  const received: FakeMetaGraph["received"] = [];
  const graphError = (code: number, message: string, type = "OAuthException") => ({
    error: { message, type, code, fbtrace_id: "AfakeTrace" },
  });

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const match = new RegExp(`^/${version.replace(".", "\\.")}/(\\d+)/events$`).exec(req.url ?? "");
      if (req.method !== "POST" || !match)
        return send(400, graphError(100, "Unknown path components", "GraphMethodException"));
      let body: { data?: unknown; access_token?: unknown };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return send(400, graphError(100, "Invalid JSON", "GraphMethodException"));
      }
      if (body.access_token !== opts.accessToken)
        return send(400, graphError(190, "Invalid OAuth access token - Cannot parse access token"));
      if (!Array.isArray(body.data) || body.data.length === 0)
        return send(400, graphError(100, "(#100) The parameter data is required", "OAuthException"));
      for (const e of body.data as Record<string, unknown>[]) {
        for (const field of ["event_name", "event_time", "action_source", "user_data"]) {
          if (e[field] === undefined) return send(400, graphError(100, `(#100) The parameter ${field} is required`));
        }
        const user = e.user_data as Record<string, unknown>;
        const em = user.em as unknown[] | undefined;
        if (em && !em.every((h) => typeof h === "string" && /^[0-9a-f]{64}$/.test(h)))
          return send(400, graphError(100, "(#100) em must be SHA-256 hashed"));
        if (e.action_source === "website" && (!e.event_source_url || !user.client_user_agent)) {
          return send(400, graphError(100, "(#100) website events need event_source_url and client_user_agent"));
        }
      }
      received.push({ pixelId: match[1]!, body: body as FakeMetaGraph["received"][number]["body"] });
      send(200, { events_received: body.data.length, messages: [], fbtrace_id: "AfakeTrace" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/${version}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
