import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for Stripe's API, for tests: it speaks Stripe's HTTP protocol (form-encoded bodies
 * with bracketed keys, bearer-key auth, Idempotency-Key replays, Stripe's JSON error shape) closely
 * enough that the official `stripe` SDK works against it unchanged:
 *
 *   new Stripe(fake.apiKey, { host: "127.0.0.1", port: fake.port, protocol: "http" })
 *
 * It covers what Ticketyboo uses (Checkout Sessions in payment mode, destination charges with an
 * application fee, refunds that reverse them, Connect Express accounts and account links) and, like Stripe,
 * refuses parameters it does not know, so a typo in our requests fails here as it would there.
 * Test helpers play the buyer's part on Stripe's hosted page (`completeSession`, `declineSession`)
 * and Stripe's part in webhooks (`signedWebhook`).
 */
export interface FakeStripe {
  /** The secret key requests must carry (`Authorization: Bearer …`). */
  readonly apiKey: string;
  readonly port: number;
  /** The API's base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** A Checkout Session as the API would return it now, or undefined. */
  session(id: string): CheckoutSessionJson | undefined;
  /** A session's line items (Stripe returns them only when asked to expand them). */
  lineItems(id: string): LineItemJson[];
  /** Every refund made, oldest first. */
  readonly refunds: readonly RefundJson[];
  /** A connected account as the API would return it now (Connect), or undefined. */
  account(id: string): AccountJson | undefined;
  /** Every account link made, oldest first. */
  readonly accountLinks: readonly AccountLinkJson[];
  /** Every transfer to a connected account, oldest first. */
  readonly transfers: readonly TransferJson[];
  /** The host finishes Stripe's hosted onboarding: details submitted, charges and payouts enabled. */
  completeOnboarding(id: string): AccountJson;
  /** Where a paid session's money went: its destination and application fee, as the PaymentIntent has them. */
  intentOf(sessionId: string): { id: string; applicationFee: number | null; destination: string | null } | undefined;
  /** The buyer pays on the hosted page: the session completes, paid, with a PaymentIntent. */
  completeSession(id: string): CheckoutSessionJson;
  /** The buyer's card is declined: as on Stripe's page, the session stays open for another try. */
  declineSession(id: string): CheckoutSessionJson;
  /** A webhook delivery as Stripe sends it: the event's JSON body and its `Stripe-Signature` header. */
  signedWebhook(
    eventType: string,
    object: object,
    options: { secret: string; timestamp?: Date },
  ): { body: string; header: string };
  close(): Promise<void>;
}

export interface CheckoutSessionJson {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  submit_type: string | null;
  success_url: string | null;
  url: string | null;
}

export interface LineItemJson {
  description: string;
  quantity: number;
  currency: string;
  amount_total: number;
  price: { unit_amount: number; currency: string; product_name: string };
}

export interface RefundJson {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface AccountJson {
  id: string;
  object: "account";
  type: "express";
  country: string;
  email: string | null;
  business_profile: { name: string | null };
  capabilities: Record<string, "active" | "inactive" | "pending">;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  created: number;
}

export interface AccountLinkJson {
  object: "account_link";
  account: string;
  created: number;
  expires_at: number;
  url: string;
  return_url: string;
  refresh_url: string;
}

export interface TransferJson {
  id: string;
  object: "transfer";
  amount: number;
  currency: string;
  destination: string;
  description: string | null;
  created: number;
}

interface PaymentIntentRecord {
  id: string;
  amount: number;
  currency: string;
  status: "requires_payment_method" | "succeeded";
  lastPaymentError: { code: string; decline_code: string; message: string } | null;
  metadata: Record<string, string>;
  refunded: number;
  applicationFee: number | null;
  destination: string | null;
}

/** A request Stripe refuses, in its error shape: `{ error: { type, message, code?, param? } }`. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: "invalid_request_error", message, param, code });
const missing = (kind: string, id: string, param: string) =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${kind}: '${id}'`,
  });

const SESSION_PARAMS = new Set([
  "mode",
  "line_items",
  "customer_email",
  "client_reference_id",
  "metadata",
  "success_url",
  "cancel_url",
  "expires_at",
  "payment_intent_data",
  "payment_method_types",
  "allowed_payment_method_types",
  "locale",
  "submit_type",
  "currency",
  "expand",
]);
const REFUND_PARAMS = new Set([
  "payment_intent",
  "amount",
  "reason",
  "metadata",
  "expand",
  "reverse_transfer",
  "refund_application_fee",
]);
const ACCOUNT_PARAMS = new Set(["type", "country", "email", "business_profile", "capabilities", "metadata", "expand"]);
const ACCOUNT_LINK_PARAMS = new Set(["account", "type", "return_url", "refresh_url", "collect", "expand"]);
/** Stripe's minimum charge per currency (a Checkout Session must add up to at least this). */
const MINIMUM_AMOUNT: Record<string, number> = { gbp: 30, eur: 50 };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const unixNow = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: { apiKey?: string } = {}): Promise<FakeStripe> {
  const apiKey = options.apiKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
  const sessions = new Map<string, CheckoutSessionJson>();
  const paymentIntents = new Map<string, PaymentIntentRecord>();
  const refunds: RefundJson[] = [];
  const lineItemsOf = new Map<string, LineItemJson[]>();
  /** What `payment_intent_data[metadata]` asked for, given to the PaymentIntent a payment creates. */
  const intentMetadata = new Map<string, Record<string, string>>();
  /** What `payment_intent_data` asked of the money: an application fee and a destination (Connect). */
  const intentRouting = new Map<string, { applicationFee: number | null; destination: string | null }>();
  const accounts = new Map<string, AccountJson>();
  const accountLinks: AccountLinkJson[] = [];
  const transfers: TransferJson[] = [];
  /** Idempotency-Key → the first request's shape and its answer, replayed for the same key. */
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let baseUrl = "";

  /** Stripe expires an open session at its `expires_at`; the fake does so when it next looks. */
  function current(id: string): CheckoutSessionJson | undefined {
    const s = sessions.get(id);
    if (s && s.status === "open" && unixNow() >= s.expires_at) expire(s);
    return s;
  }

  function expire(s: CheckoutSessionJson) {
    s.status = "expired";
    s.url = null;
  }

  function createSession(params: Params): CheckoutSessionJson {
    rejectUnknown(params, SESSION_PARAMS);
    if (params.mode !== "payment") throw invalid("This fake supports only `mode=payment`.", "mode");
    const successUrl = optionalString(params, "success_url");
    if (!successUrl) throw invalid("Missing required param: success_url.", "success_url");
    const items = asList(params.line_items, "line_items");
    if (items.length === 0) throw invalid("`line_items` is required in `payment` mode.", "line_items");
    const lineItems = items.map((raw, i) => lineItem(raw, `line_items[${i}]`));
    const currency = lineItems[0]!.currency;
    if (lineItems.some((l) => l.currency !== currency))
      throw invalid("All `line_items` must use the same currency.", "line_items");
    const total = lineItems.reduce((sum, l) => sum + l.amount_total, 0);
    if (total < (MINIMUM_AMOUNT[currency] ?? 50)) {
      throw invalid(
        `The Checkout Session's total amount due must add up to at least ${MINIMUM_AMOUNT[currency] ?? 50} ` +
          `${currency}.`,
        "line_items",
        "amount_too_small",
      );
    }

    const created = unixNow();
    let expiresAt = created + 24 * 60 * 60;
    if (params.expires_at !== undefined) {
      expiresAt = integer(params.expires_at, "expires_at");
      if (expiresAt - created < 30 * 60)
        throw invalid(
          "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
          "expires_at",
        );
      if (expiresAt - created > 24 * 60 * 60)
        throw invalid(
          "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
          "expires_at",
        );
    }
    const customerEmail = optionalString(params, "customer_email");
    if (customerEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(customerEmail))
      throw invalid(`Invalid email address: ${customerEmail}`, "customer_email", "email_invalid");
    const clientReference = optionalString(params, "client_reference_id");
    if (clientReference !== null && clientReference.length > 200)
      throw invalid("`client_reference_id` must be at most 200 characters.", "client_reference_id");
    const intentData = asObject(params.payment_intent_data ?? {}, "payment_intent_data");
    rejectUnknown(
      intentData,
      new Set(["metadata", "description", "statement_descriptor_suffix", "application_fee_amount", "transfer_data"]),
      "payment_intent_data",
    );
    const routing = intentRoutingOf(intentData, total);

    const id = `cs_test_${randomBytes(24).toString("hex")}`;
    const session: CheckoutSessionJson = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: optionalString(params, "cancel_url"),
      client_reference_id: clientReference,
      created,
      currency,
      customer_details: null,
      customer_email: customerEmail,
      expires_at: expiresAt,
      livemode: false,
      locale: optionalString(params, "locale"),
      metadata: metadata(params.metadata, "metadata"),
      mode: "payment",
      payment_intent: null,
      payment_method_types: params.allowed_payment_method_types
        ? asList(params.allowed_payment_method_types, "allowed_payment_method_types").map(String)
        : params.payment_method_types
          ? asList(params.payment_method_types, "payment_method_types").map(String)
          : ["card"],
      payment_status: "unpaid",
      status: "open",
      submit_type: optionalString(params, "submit_type"),
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${id}`,
    };
    intentMetadata.set(id, metadata(intentData.metadata, "payment_intent_data[metadata]"));
    intentRouting.set(id, routing);
    lineItemsOf.set(id, lineItems);
    sessions.set(id, session);
    return session;
  }

  function intentFor(session: CheckoutSessionJson): PaymentIntentRecord {
    const existing = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (existing) return existing;
    const intent: PaymentIntentRecord = {
      id: newId("pi"),
      amount: session.amount_total,
      currency: session.currency,
      status: "requires_payment_method",
      lastPaymentError: null,
      metadata: intentMetadata.get(session.id) ?? {},
      refunded: 0,
      applicationFee: intentRouting.get(session.id)?.applicationFee ?? null,
      destination: intentRouting.get(session.id)?.destination ?? null,
    };
    paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  function createRefund(params: Params): RefundJson {
    rejectUnknown(params, REFUND_PARAMS);
    const intentId = optionalString(params, "payment_intent");
    if (!intentId) throw invalid("Must provide either `charge` or `payment_intent`.", "payment_intent");
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing("payment_intent", intentId, "payment_intent");
    if (intent.status !== "succeeded")
      throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, "payment_intent");
    const remaining = intent.amount - intent.refunded;
    if (remaining === 0)
      throw invalid(`Charge for ${intentId} has already been refunded.`, undefined, "charge_already_refunded");
    const amount = params.amount === undefined ? remaining : integer(params.amount, "amount");
    // As Stripe: reversing a transfer needs a charge that made one (a destination charge).
    const reverse = optionalString(params, "reverse_transfer");
    if (reverse !== null && reverse !== "true" && reverse !== "false")
      throw invalid("Invalid boolean: reverse_transfer", "reverse_transfer");
    if (reverse === "true" && !intent.destination)
      throw invalid("This charge has no associated transfer to reverse.", "reverse_transfer");
    const refundFee = optionalString(params, "refund_application_fee");
    if (refundFee === "true" && intent.applicationFee === null)
      throw invalid("This charge has no application fee to refund.", "refund_application_fee");
    if (amount <= 0) throw invalid("Invalid positive integer", "amount");
    if (amount > remaining)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, "amount");
    intent.refunded += amount;
    const refund: RefundJson = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      created: unixNow(),
      metadata: metadata(params.metadata, "metadata"),
      payment_intent: intentId,
      reason: optionalString(params, "reason"),
      status: "succeeded",
    };
    refunds.push(refund);
    return refund;
  }

  /** `payment_intent_data[application_fee_amount]` and `[transfer_data][destination]`, checked as Stripe does. */
  function intentRoutingOf(intentData: Params, total: number) {
    const fee = intentData.application_fee_amount;
    const transfer = intentData.transfer_data;
    let destination: string | null = null;
    if (transfer !== undefined) {
      const t = asObject(transfer, "payment_intent_data[transfer_data]");
      rejectUnknown(t, new Set(["destination", "amount"]), "payment_intent_data[transfer_data]");
      destination = optionalString(t, "destination");
      if (!destination)
        throw invalid("Missing required param: destination.", "payment_intent_data[transfer_data][destination]");
      const account = accounts.get(destination);
      if (!account) throw missing("account", destination, "payment_intent_data[transfer_data][destination]");
      if (!account.charges_enabled)
        throw invalid(
          `Your destination account needs to have at least one of the following capabilities enabled: transfers, ` +
            `crypto_transfers, legacy_payments`,
          "payment_intent_data[transfer_data][destination]",
          "insufficient_capabilities_for_transfer",
        );
    }
    let applicationFee: number | null = null;
    if (fee !== undefined) {
      applicationFee = integer(fee, "payment_intent_data[application_fee_amount]");
      if (!destination)
        throw invalid(
          "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an " +
            "OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).",
          "payment_intent_data[application_fee_amount]",
        );
      if (applicationFee < 0 || applicationFee > total)
        throw invalid(
          "The application fee must be a non-negative amount no larger than the total.",
          "payment_intent_data[application_fee_amount]",
        );
    }
    return { applicationFee, destination };
  }

  function createAccount(params: Params): AccountJson {
    rejectUnknown(params, ACCOUNT_PARAMS);
    const type = optionalString(params, "type");
    if (type !== "express") throw invalid("This fake supports only `type=express`.", "type");
    const profile = params.business_profile ? asObject(params.business_profile, "business_profile") : {};
    rejectUnknown(profile, new Set(["name", "url", "mcc", "product_description"]), "business_profile");
    const capabilities: Record<string, "active" | "inactive" | "pending"> = {};
    for (const [name, raw] of Object.entries(
      params.capabilities ? asObject(params.capabilities, "capabilities") : {},
    )) {
      if (!["card_payments", "transfers"].includes(name))
        throw invalid(`Invalid capability: ${name}`, `capabilities[${name}]`);
      const c = asObject(raw, `capabilities[${name}]`);
      if (c.requested === "true") capabilities[name] = "inactive";
    }
    const account: AccountJson = {
      id: newId("acct"),
      object: "account",
      type: "express",
      country: optionalString(params, "country") ?? "US",
      email: optionalString(params, "email"),
      business_profile: { name: optionalString(profile, "name") },
      capabilities,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      metadata: metadata(params.metadata, "metadata"),
      created: unixNow(),
    };
    accounts.set(account.id, account);
    return account;
  }

  function createAccountLink(params: Params): AccountLinkJson {
    rejectUnknown(params, ACCOUNT_LINK_PARAMS);
    const accountId = optionalString(params, "account");
    if (!accountId) throw invalid("Missing required param: account.", "account");
    if (!accounts.has(accountId)) throw missing("account", accountId, "account");
    const type = optionalString(params, "type");
    if (type !== "account_onboarding" && type !== "account_update")
      throw invalid("Invalid type: must be one of account_onboarding or account_update", "type");
    const returnUrl = optionalString(params, "return_url");
    const refreshUrl = optionalString(params, "refresh_url");
    if (!returnUrl) throw invalid("Missing required param: return_url.", "return_url");
    if (!refreshUrl) throw invalid("Missing required param: refresh_url.", "refresh_url");
    for (const [param, url] of [
      ["return_url", returnUrl],
      ["refresh_url", refreshUrl],
    ] as const)
      if (!/^https?:\/\//.test(url)) throw invalid(`Not a valid URL`, param, "url_invalid");
    const created = unixNow();
    const link: AccountLinkJson = {
      object: "account_link",
      account: accountId,
      created,
      expires_at: created + 300,
      url: `${baseUrl}/setup/e/${accountId}/${randomBytes(8).toString("hex")}`,
      return_url: returnUrl,
      refresh_url: refreshUrl,
    };
    accountLinks.push(link);
    return link;
  }

  function createTransfer(params: Params): TransferJson {
    rejectUnknown(params, new Set(["amount", "currency", "destination", "description", "metadata", "transfer_group"]));
    const amount = integer(params.amount, "amount");
    if (amount <= 0) throw invalid("Invalid positive integer", "amount");
    const currency = optionalString(params, "currency");
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw invalid("Invalid currency", "currency");
    const destination = optionalString(params, "destination");
    if (!destination) throw invalid("Missing required param: destination.", "destination");
    const account = accounts.get(destination);
    if (!account) throw missing("account", destination, "destination");
    if (account.capabilities.transfers !== "active")
      throw invalid(
        "Your destination account needs to have at least one of the following capabilities enabled: transfers",
        "destination",
        "insufficient_capabilities_for_transfer",
      );
    const transfer: TransferJson = {
      id: newId("tr"),
      object: "transfer",
      amount,
      currency,
      destination,
      description: optionalString(params, "description"),
      created: unixNow(),
    };
    transfers.push(transfer);
    return transfer;
  }

  function route(method: string, path: string, params: Params): unknown {
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if (method === "POST" && path === "/v1/accounts") return createAccount(params);
    if (method === "POST" && path === "/v1/account_links") return createAccountLink(params);
    if (method === "POST" && path === "/v1/transfers") return createTransfer(params);
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === "GET" && accountMatch) {
      const a = accounts.get(accountMatch[1]!);
      if (!a) throw missing("account", accountMatch[1]!, "account");
      return a;
    }
    let match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const s = current(match[1]!);
      if (!s) throw missing("checkout.session", match[1]!, "session");
      return s;
    }
    match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === "POST" && match) {
      const s = current(match[1]!);
      if (!s) throw missing("checkout.session", match[1]!, "session");
      if (s.status !== "open")
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ` +
            `"${s.status}".`,
          "session",
        );
      expire(s);
      return s;
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const { status, body, replayed } = handle(req, Buffer.concat(chunks).toString("utf8"));
      const headers: Record<string, string> = { "Content-Type": "application/json", "Request-Id": newId("req") };
      if (replayed) headers["Idempotent-Replayed"] = "true";
      res.writeHead(status, headers).end(JSON.stringify(body));
    });
  });

  function handle(req: http.IncomingMessage, rawBody: string): { status: number; body: unknown; replayed?: boolean } {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    const authorization = req.headers.authorization ?? "";
    if (authorization !== `Bearer ${apiKey}`) {
      const given = authorization.replace(/^Bearer /, "");
      const shown = given ? `${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}` : "";
      const message = given
        ? `Invalid API Key provided: ${shown}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using " +
          "Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return { status: 401, body: { error: { type: "invalid_request_error", message } } };
    }
    let params: Params;
    try {
      params = parseForm(method === "GET" ? url.searchParams.toString() : rawBody);
    } catch (error) {
      return errorAnswer(error);
    }

    const key = method === "POST" ? req.headers["idempotency-key"] : undefined;
    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    if (typeof key === "string") {
      const earlier = idempotent.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message:
                `Keys for idempotent requests can only be used with the same parameters they were first used ` +
                `with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      }
      if (earlier) return { status: earlier.status, body: earlier.body, replayed: true };
    }
    try {
      const body = route(method, url.pathname, params);
      // Stripe saves the result once the request has started executing; requests refused by
      // validation save nothing, so they can be retried with the same key. The fake saves successes.
      if (typeof key === "string") idempotent.set(key, { fingerprint, status: 200, body: structuredClone(body) });
      return { status: 200, body: structuredClone(body) };
    } catch (error) {
      return errorAnswer(error);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  const openSession = (id: string) => {
    const s = current(id);
    if (!s) throw new Error(`fake Stripe: no Checkout Session ${id}`);
    if (s.status !== "open") throw new Error(`fake Stripe: Checkout Session ${id} is ${s.status}, not open`);
    return s;
  };

  return {
    apiKey,
    port,
    url: baseUrl,
    refunds,
    accountLinks,
    transfers,
    account: (id) => {
      const a = accounts.get(id);
      return a ? structuredClone(a) : undefined;
    },
    completeOnboarding(id) {
      const a = accounts.get(id);
      if (!a) throw new Error(`fake Stripe: no account ${id}`);
      a.details_submitted = true;
      a.charges_enabled = true;
      a.payouts_enabled = true;
      for (const name of Object.keys(a.capabilities)) a.capabilities[name] = "active";
      return structuredClone(a);
    },
    intentOf(sessionId) {
      const s = sessions.get(sessionId);
      const intent = s?.payment_intent ? paymentIntents.get(s.payment_intent) : undefined;
      return intent
        ? { id: intent.id, applicationFee: intent.applicationFee, destination: intent.destination }
        : undefined;
    },
    session: (id) => {
      const s = current(id);
      return s ? structuredClone(s) : undefined;
    },
    lineItems: (id) => structuredClone(lineItemsOf.get(id) ?? []),
    completeSession(id) {
      const s = openSession(id);
      const intent = intentFor(s);
      intent.status = "succeeded";
      intent.lastPaymentError = null;
      s.status = "complete";
      s.payment_status = "paid";
      s.url = null;
      s.customer_details = { email: s.customer_email };
      return structuredClone(s);
    },
    declineSession(id) {
      const s = openSession(id);
      const intent = intentFor(s);
      intent.lastPaymentError = {
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      };
      return structuredClone(s);
    },
    signedWebhook(eventType, object, { secret, timestamp = new Date() }) {
      const seconds = Math.floor(timestamp.getTime() / 1000);
      const event = {
        id: newId("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: seconds,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: eventType,
      };
      // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
      const body = JSON.stringify(event, null, 2);
      return { body, header: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: seconds }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function errorAnswer(error: unknown) {
  if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
  return { status: 500, body: { error: { type: "api_error", message: `fake Stripe failed: ${String(error)}` } } };
}

type Value = string | Params | Value[];
interface Params {
  [key: string]: Value | undefined;
}

/**
 * Decodes Stripe's form encoding: `line_items[0][price_data][currency]=gbp&metadata[k]=v` into
 * nested objects, with numeric indexes becoming arrays.
 */
function parseForm(body: string): Params {
  const root: Params = {};
  for (const [fullKey, value] of new URLSearchParams(body)) {
    const parts = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(fullKey);
    if (!parts) throw invalid(`Invalid parameter name: ${fullKey}`);
    const path = [parts[1]!, ...Array.from(parts[2]!.matchAll(/\[([^[\]]*)\]/g), (m) => m[1]!)];
    let node: Params = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (next === undefined) node[segment] = {};
      else if (typeof next === "string") throw invalid(`Invalid parameter: ${fullKey}`, path[0]);
      node = node[segment] as Params;
    });
  }
  return root;
}

function asObject(value: Value | undefined, param: string): Params {
  if (value === undefined || typeof value === "string" || Array.isArray(value)) throw invalid(`Invalid object`, param);
  return value;
}

/** Bracketed indexes arrive as an object keyed "0", "1", …; Stripe reads them as a list. */
function asList(value: Value | undefined, param: string): Value[] {
  if (value === undefined) return [];
  if (typeof value === "string" || Array.isArray(value)) throw invalid(`Invalid array`, param);
  const keys = Object.keys(value);
  if (!keys.every((k) => /^\d+$/.test(k))) throw invalid(`Invalid array`, param);
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]!);
}

function rejectUnknown(params: Params, known: Set<string>, prefix?: string) {
  for (const key of Object.keys(params)) {
    if (!known.has(key)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw invalid(`Received unknown parameter: ${name}`, name, "parameter_unknown");
    }
  }
}

function optionalString(params: Params, key: string): string | null {
  const value = params[key];
  if (value === undefined) return null;
  if (typeof value !== "string") throw invalid(`Invalid string: ${key}`, key);
  return value;
}

function integer(value: Value | undefined, param: string): number {
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${String(value)}`, param);
  return Number(value);
}

function metadata(value: Value | undefined, param: string): Record<string, string> {
  if (value === undefined) return {};
  const object = asObject(value, param);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(object)) {
    if (typeof v !== "string") throw invalid(`Metadata values must be strings`, `${param}[${k}]`);
    if (k.length > 40) throw invalid(`Metadata keys can have at most 40 characters`, `${param}[${k}]`);
    if (v.length > 500) throw invalid(`Metadata values can have at most 500 characters`, `${param}[${k}]`);
    out[k] = v;
  }
  return out;
}

function lineItem(raw: Value, param: string): LineItemJson {
  const item = asObject(raw, param);
  rejectUnknown(item, new Set(["price_data", "quantity"]), param);
  if (item.quantity === undefined)
    throw invalid(`Quantity is required. Add \`quantity\` to \`${param}\``, `${param}[quantity]`);
  const quantity = integer(item.quantity, `${param}[quantity]`);
  if (quantity < 1) throw invalid("This value must be greater than or equal to 1.", `${param}[quantity]`);
  const priceData = asObject(item.price_data, `${param}[price_data]`);
  rejectUnknown(priceData, new Set(["currency", "unit_amount", "product_data"]), `${param}[price_data]`);
  const currency = optionalString(priceData, "currency")?.toLowerCase();
  if (!currency || !/^[a-z]{3}$/.test(currency)) throw invalid("Invalid currency", `${param}[price_data][currency]`);
  const unitAmount = integer(priceData.unit_amount, `${param}[price_data][unit_amount]`);
  if (unitAmount < 0)
    throw invalid("This value must be greater than or equal to 0.", `${param}[price_data][unit_amount]`);
  const product = asObject(priceData.product_data, `${param}[price_data][product_data]`);
  rejectUnknown(product, new Set(["name", "description"]), `${param}[price_data][product_data]`);
  const name = optionalString(product, "name");
  if (!name) throw invalid("Missing required param: name.", `${param}[price_data][product_data][name]`);
  return {
    description: name,
    quantity,
    currency,
    amount_total: unitAmount * quantity,
    price: { unit_amount: unitAmount, currency, product_name: name },
  };
}
