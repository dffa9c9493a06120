import Papa from "papaparse";
import { campaignMessages } from "~/texts/campaign-messages";
import { isValidEmail } from "./account-rules";

/**
 * Email marketing's rules (decision 0040): what a campaign is made of, when it is ready to send,
 * how fast it goes out, and the CSV files of contacts a host imports with their consent. Pure.
 */

export const SUBJECT_MAX = 150;
export const PREVIEW_TEXT_MAX = 200;
export const HEADING_MAX = 150;
export const TEXT_MAX = 5_000;
export const BUTTON_LABEL_MAX = 40;
export const URL_MAX = 2_000;
export const ALT_MAX = 200;
export const BLOCKS_MAX = 20;
export const LIST_NAME_MAX = 80;
export const CONSENT_SOURCE_MAX = 300;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_IMPORT_MAX_ROWS = 5_000;
export const CONTACT_IMPORT_MAX_BYTES = 512 * 1024;
/** A host's lists, and the contacts in all of them: imports of 5,000 lines each could otherwise go on for ever. */
export const LISTS_PER_HOST_MAX = 100;
export const CONTACTS_PER_HOST_MAX = 100_000;

/** Throttling: recipients claimed per batch, and at most this many emails a minute across every campaign. */
export const SEND_BATCH_SIZE = 50;
export const SENDS_PER_MINUTE = 300;
/** A claim older than this whose email never got made is given back (the worker stopped mid-send). */
export const STALE_CLAIM_MS = 5 * 60_000;
/** Test sends a host may make in an hour. */
export const TEST_SENDS_PER_HOUR = 20;
/** A schedule at least this far ahead (less is "send now"). */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;
/** …and at most this far. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 86_400_000;

export const BLOCK_KINDS = ["heading", "text", "button", "image", "event"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export type CampaignBlock =
  | { kind: "heading"; text: string }
  | { kind: "text"; text: string }
  | { kind: "button"; label: string; url: string }
  | { kind: "image"; url: string; alt: string }
  | { kind: "event"; eventId: string };

/** A block as the editor's form sends it: every block carries the same four fields. */
export interface BlockInput {
  kind: string;
  text: string;
  url: string;
  label: string;
  eventId: string;
}

export const emptyBlock = (kind: BlockKind): CampaignBlock => {
  switch (kind) {
    case "heading":
    case "text":
      return { kind, text: "" };
    case "button":
      return { kind, label: "", url: "" };
    case "image":
      return { kind, url: "", alt: "" };
    case "event":
      return { kind, eventId: "" };
  }
};

const m = campaignMessages.fields;
const length = (text: string) => [...text].length;

/** An https address (or http on a local address in development is refused too: mail clients need https). */
export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * The blocks from the form, kept as typed (trimmed, cut to their limits) so a draft is never lost,
 * and the problems that stop it being sent, by field name (`block.{i}.{field}`).
 */
export function readBlocks(
  inputs: readonly BlockInput[],
  eventIds: readonly string[],
): { blocks: CampaignBlock[]; problems: Record<string, string> } {
  const blocks: CampaignBlock[] = [];
  const problems: Record<string, string> = {};
  for (const input of inputs.slice(0, BLOCKS_MAX)) {
    const i = blocks.length;
    const at = (field: string) => `block.${i}.${field}`;
    switch (input.kind) {
      case "heading": {
        const text = input.text.trim().replace(/\s+/g, " ").slice(0, HEADING_MAX);
        if (!text) problems[at("text")] = m.headingRequired;
        blocks.push({ kind: "heading", text });
        break;
      }
      case "text": {
        const text = input.text.replace(/\r\n?/g, "\n").trim().slice(0, TEXT_MAX);
        if (!text) problems[at("text")] = m.textRequired;
        blocks.push({ kind: "text", text });
        break;
      }
      case "button": {
        const label = input.label.trim().slice(0, BUTTON_LABEL_MAX);
        const url = input.url.trim().slice(0, URL_MAX);
        if (!label) problems[at("label")] = m.buttonLabelRequired;
        if (!isHttpsUrl(url)) problems[at("url")] = m.httpsUrl;
        blocks.push({ kind: "button", label, url });
        break;
      }
      case "image": {
        const url = input.url.trim().slice(0, URL_MAX);
        const alt = input.label.trim().slice(0, ALT_MAX);
        if (!isHttpsUrl(url)) problems[at("url")] = m.httpsUrl;
        if (!alt) problems[at("label")] = m.altRequired;
        blocks.push({ kind: "image", url, alt });
        break;
      }
      case "event": {
        const eventId = input.eventId.trim();
        if (!eventIds.includes(eventId)) problems[at("eventId")] = m.eventRequired;
        blocks.push({ kind: "event", eventId: eventIds.includes(eventId) ? eventId : "" });
        break;
      }
      default:
        break;
    }
  }
  return { blocks, problems };
}

/** What stops a campaign going out, by field: subject, content, audience. Empty when it may be sent. */
export function sendProblems(c: {
  subject: string;
  previewText: string;
  blocks: readonly CampaignBlock[];
  blockProblems: Record<string, string>;
  toBuyers: boolean;
  listIds: readonly string[];
}): Record<string, string> {
  const problems: Record<string, string> = { ...c.blockProblems };
  if (!c.subject.trim()) problems.subject = m.subjectRequired;
  else if (length(c.subject) > SUBJECT_MAX) problems.subject = m.subjectTooLong(SUBJECT_MAX);
  if (length(c.previewText) > PREVIEW_TEXT_MAX) problems.previewText = m.previewTooLong(PREVIEW_TEXT_MAX);
  if (c.blocks.length === 0) problems.blocks = m.blocksRequired;
  if (!c.toBuyers && c.listIds.length === 0) problems.audience = m.audienceRequired;
  return problems;
}

/** A schedule must be in the future (a minute ahead at least) and within a year. */
export function scheduleProblem(at: Date, now: Date): string | null {
  const ahead = at.getTime() - now.getTime();
  if (ahead < SCHEDULE_MIN_AHEAD_MS) return m.scheduleInPast;
  if (ahead > SCHEDULE_MAX_AHEAD_MS) return m.scheduleTooFar;
  return null;
}

/** How many may be claimed now: the batch, cut to what is left of the minute's allowance. */
export function claimAllowance(sentInLastMinute: number, perMinute = SENDS_PER_MINUTE): number {
  return Math.max(0, Math.min(SEND_BATCH_SIZE, perMinute - sentInLastMinute));
}

/* ---------- CSV files of contacts ---------- */

const HEADER_NAMES: Record<string, "email" | "name" | "consentAt"> = {
  email: "email",
  "email address": "email",
  "e-mail": "email",
  name: "name",
  "full name": "name",
  consented: "consentAt",
  "consented at": "consentAt",
  "consent date": "consentAt",
  "signed up": "consentAt",
  date: "consentAt",
};

export interface ContactRow {
  line: number;
  email: string;
  name: string;
  consentAt: string;
  errors: string[];
  /** Set when there are no errors: the email in lower case and the instant of consent (null: the import's day). */
  draft: { email: string; name: string | null; consentAt: Date | null } | null;
}

export type ContactReading =
  { ok: true; rows: ContactRow[]; valid: number; invalid: number } | { ok: false; problem: string };

/** 'YYYY-MM-DD' or 'DD/MM/YYYY' (spec §9's date format), or a full ISO instant; null when unreadable. */
function readConsentDate(text: string, now: Date): Date | null | "bad" {
  const t = text.trim();
  if (!t) return null;
  let at: Date | null = null;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (dmy) at = new Date(Date.UTC(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1]), 12));
  else if (ymd) at = new Date(Date.UTC(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3]), 12));
  else if (/^\d{4}-\d{2}-\d{2}T/.test(t)) at = new Date(t);
  if (!at || Number.isNaN(at.getTime())) return "bad";
  if (at.getTime() > now.getTime() + 86_400_000) return "bad";
  return at;
}

/**
 * Reads a CSV file of contacts: the first line names the columns (Email needed; Name and Consented
 * optional). A file that can't be read is refused whole; otherwise every line is judged on its own so
 * the preview names each problem, and an address twice in the file is a problem on its second line.
 */
export function readContactCsv(text: string, now: Date): ContactReading {
  const c = campaignMessages.csv;
  if (new TextEncoder().encode(text).byteLength > CONTACT_IMPORT_MAX_BYTES)
    return { ok: false, problem: c.tooLarge(CONTACT_IMPORT_MAX_BYTES / 1024) };
  const body = text.replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false });
  let line = 1;
  const records = parsed.data.map((cells) => {
    const record = { line, cells };
    line += 1 + cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    return record;
  });
  const quotes = parsed.errors.find((e) => e.type === "Quotes");
  if (quotes) return { ok: false, problem: c.unreadable(records[quotes.row ?? 0]?.line ?? 1) };
  const filled = records.filter((r) => r.cells.some((cell) => cell.trim() !== ""));
  const [header, ...lines] = filled;
  if (!header) return { ok: false, problem: c.empty };
  const columns = header.cells.map((h) => HEADER_NAMES[h.trim().toLowerCase()] ?? null);
  if (!columns.includes("email")) return { ok: false, problem: c.noEmailColumn };
  if (lines.length === 0) return { ok: false, problem: c.empty };
  if (lines.length > CONTACT_IMPORT_MAX_ROWS) return { ok: false, problem: c.tooManyRows(CONTACT_IMPORT_MAX_ROWS) };
  const seen = new Set<string>();
  const rows = lines.map(({ line: at, cells }): ContactRow => {
    const value = (key: "email" | "name" | "consentAt") => {
      const i = columns.indexOf(key);
      return i < 0 ? "" : (cells[i] ?? "").trim();
    };
    const row = { line: at, email: value("email"), name: value("name"), consentAt: value("consentAt") };
    const problems: string[] = [];
    const email = row.email.toLowerCase();
    if (!email) problems.push(m.emailRequired);
    else if (email.length > CONTACT_EMAIL_MAX || !isValidEmail(email)) problems.push(m.emailInvalid);
    else if (seen.has(email)) problems.push(m.emailTwice);
    seen.add(email);
    const name = row.name.replace(/\s+/g, " ");
    if (length(name) > CONTACT_NAME_MAX) problems.push(m.nameTooLong(CONTACT_NAME_MAX));
    const consentAt = readConsentDate(row.consentAt, now);
    if (consentAt === "bad") problems.push(m.consentDate);
    return {
      ...row,
      errors: problems.map((p) => c.line(at, p)),
      draft: problems.length === 0 && consentAt !== "bad" ? { email, name: name || null, consentAt } : null,
    };
  });
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return { ok: true, rows, valid: rows.length - invalid, invalid };
}
