import Papa from "papaparse";
import { z } from "zod";
import { field } from "~/lib/read-form";
import { guestMessages } from "~/texts/guest-messages";
import { isValidEmail } from "./account-rules";
import { spreadsheetCsv } from "./spreadsheet-csv";

/**
 * Guest lists (the door's first tool): the rules for a guest a host adds by hand or from a CSV file,
 * and the CSV files themselves. Pure: the forms, the import's preview and its confirmation all ask
 * these functions, so a row refused in the preview is refused the same way when it is confirmed.
 */

export const GUEST_NAME_MAX = 100;
export const GUEST_EMAIL_MAX = 254;
export const GUEST_NOTES_MAX = 500;
export const PLUS_ONES_MAX = 10;
/** A CSV import's limits: a file this size is read at once, checked whole, then kept or refused whole. */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 256 * 1024;
/** The most guests one event's list holds (its tickets aside), and all of one host's lists together. */
export const GUESTS_PER_EVENT_MAX = 5000;
export const GUESTS_PER_HOST_MAX = 50_000;

/** A guest as the form or a CSV line gives one: all text, as typed. */
export interface GuestInput {
  name: string;
  email: string;
  plusOnes: string;
  notes: string;
  /** A ticket type's id (the form) — checked against the event's by the caller's `ticketTypes`. */
  ticketTypeId: string;
}

/** A guest that passed the rules, ready to store. */
export interface GuestDraft {
  name: string;
  email: string | null;
  plusOnes: number;
  notes: string;
  ticketTypeId: string | null;
}

export type GuestField = "name" | "email" | "plusOnes" | "notes" | "ticketTypeId";
export type GuestCheck = { ok: true; draft: GuestDraft } | { ok: false; fields: Partial<Record<GuestField, string>> };

const f = guestMessages.fields;
/** Characters as a person counts them (an emoji is one). */
const length = (text: string) => [...text].length;

/** The rules for one guest; `ticketTypes` are the ids of the event's own ticket types. */
export function checkGuest(input: GuestInput, ticketTypes: readonly string[]): GuestCheck {
  const fields: Partial<Record<GuestField, string>> = {};
  const name = input.name.trim().replace(/\s+/g, " ");
  if (name === "") fields.name = f.nameRequired;
  else if (length(name) > GUEST_NAME_MAX) fields.name = f.nameTooLong(GUEST_NAME_MAX);

  const email = input.email.trim().toLowerCase();
  if (email.length > GUEST_EMAIL_MAX) fields.email = f.emailTooLong(GUEST_EMAIL_MAX);
  else if (email !== "" && !isValidEmail(email)) fields.email = f.emailInvalid;

  const plusText = input.plusOnes.trim();
  const plusOnes = plusText === "" ? 0 : /^\d{1,2}$/.test(plusText) ? Number(plusText) : NaN;
  if (!(plusOnes >= 0 && plusOnes <= PLUS_ONES_MAX)) fields.plusOnes = f.plusOnesRange(PLUS_ONES_MAX);

  const notes = input.notes.trim();
  if (length(notes) > GUEST_NOTES_MAX) fields.notes = f.notesTooLong(GUEST_NOTES_MAX);

  const ticketTypeId = input.ticketTypeId.trim();
  if (ticketTypeId !== "" && !ticketTypes.includes(ticketTypeId)) fields.ticketTypeId = f.ticketTypeUnknown;

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, draft: { name, email: email || null, plusOnes, notes, ticketTypeId: ticketTypeId || null } };
}

/** The guest form as a browser sends it (generous limits: the rules above say what is too long, in words). */
export const GuestForm = z.object({
  name: field.text(1000),
  email: field.text(1000),
  plusOnes: field.text(20),
  notes: field.text(5000),
  ticketTypeId: field.text(40),
});

/* ---------- CSV files of guests ---------- */

/** The columns of the export, and the import's (only Name is required; the others may be left out). */
export const CSV_COLUMNS = {
  name: "Name",
  email: "Email",
  ticketType: "Ticket type",
  plusOnes: "Plus-ones",
  notes: "Notes",
} as const;

/** Other spellings a spreadsheet may use for the import's columns. */
const HEADER_NAMES: Record<string, keyof typeof CSV_COLUMNS> = {
  name: "name",
  "full name": "name",
  guest: "name",
  email: "email",
  "email address": "email",
  "ticket type": "ticketType",
  ticket: "ticketType",
  "plus-ones": "plusOnes",
  "plus ones": "plusOnes",
  plusones: "plusOnes",
  "+1s": "plusOnes",
  notes: "notes",
  note: "notes",
};

/** One line of an import, as the preview shows it: what it says, and what is wrong with it. */
export interface ImportRow {
  /** The line of the file it starts on (the column names are line 1). */
  line: number;
  name: string;
  email: string;
  ticketType: string;
  plusOnes: string;
  notes: string;
  /** Each problem, in words naming the line ("Line 4: enter an email address like name@example.com"). */
  errors: string[];
  /** Set when there are no errors. */
  draft: GuestDraft | null;
}

export type ImportReading =
  { ok: true; rows: ImportRow[]; valid: number; invalid: number } | { ok: false; problem: string };

/**
 * Reads a CSV file of guests for the event whose ticket types are given (by name, case and spaces
 * aside). The file is refused whole when it can't be read; otherwise each line is judged on its own,
 * so the preview can name every line's problems at once.
 */
export function readGuestCsv(text: string, ticketTypes: readonly { id: string; name: string }[]): ImportReading {
  const c = guestMessages.csv;
  if (new TextEncoder().encode(text).byteLength > IMPORT_MAX_BYTES) return { ok: false, problem: c.tooLarge(256) };
  const body = text.replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false });
  // Each record with the line it starts on: a record's own line breaks (in a quoted cell) move the next one down.
  let line = 1;
  const records = parsed.data.map((cells) => {
    const record = { line, cells };
    line += 1 + cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    return record;
  });
  const quotes = parsed.errors.find((e) => e.type === "Quotes");
  const broken = quotes ? (records[quotes.row ?? 0]?.line ?? 1) : null;
  if (broken !== null) return { ok: false, problem: c.unreadable(broken) };
  const filled = records.filter((r) => r.cells.some((cell) => cell.trim() !== ""));
  const [header, ...lines] = filled;
  if (!header) return { ok: false, problem: c.empty };
  const columns = header.cells.map((h) => HEADER_NAMES[h.trim().toLowerCase()] ?? null);
  if (!columns.includes("name")) return { ok: false, problem: c.noNameColumn };
  if (lines.length === 0) return { ok: false, problem: c.empty };
  if (lines.length > IMPORT_MAX_ROWS) return { ok: false, problem: c.tooManyRows(IMPORT_MAX_ROWS) };

  const byName = new Map(ticketTypes.map((t) => [t.name.trim().toLowerCase(), t.id]));
  const rows = lines.map(({ line: at, cells }): ImportRow => {
    const value = (key: keyof typeof CSV_COLUMNS) => {
      const i = columns.indexOf(key);
      return i < 0 ? "" : (cells[i] ?? "").trim();
    };
    const row = {
      line: at,
      name: value("name"),
      email: value("email"),
      ticketType: value("ticketType"),
      plusOnes: value("plusOnes"),
      notes: value("notes"),
    };
    const typeId = row.ticketType === "" ? "" : byName.get(row.ticketType.replace(/\s+/g, " ").toLowerCase());
    const checked = checkGuest(
      { ...row, ticketTypeId: typeId ?? "" },
      ticketTypes.map((t) => t.id),
    );
    const problems = checked.ok ? [] : Object.values(checked.fields);
    if (typeId === undefined) problems.push(f.ticketTypeNamed(row.ticketType));
    return {
      ...row,
      errors: problems.map((p) => c.line(at, p)),
      draft: checked.ok && typeId !== undefined ? checked.draft : null,
    };
  });
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return { ok: true, rows, valid: rows.length - invalid, invalid };
}

/** One line of an exported list. */
export interface ExportRow {
  name: string;
  email: string;
  ticketType: string;
  plusOnes: number;
  notes: string;
  kind: "Ticket" | "Guest";
  reference: string;
  accessNeeds: string;
  checkedIn: string;
}

/**
 * An event's list as a CSV file for a spreadsheet: a UTF-8 byte order mark (so Excel reads accents
 * and emoji right), CRLF line ends, quotes where a cell needs them, and any cell a spreadsheet would
 * take for a formula (= + - @, a tab or a carriage return first) prefixed with ' so it stays text.
 */
export function guestListCsv(rows: readonly ExportRow[]): string {
  const header = [
    CSV_COLUMNS.name,
    CSV_COLUMNS.email,
    CSV_COLUMNS.ticketType,
    CSV_COLUMNS.plusOnes,
    CSV_COLUMNS.notes,
    "Kind",
    "Order",
    "Access needs",
    "Checked in",
  ];
  const body = rows.map((r) => [
    r.name,
    r.email,
    r.ticketType,
    String(r.plusOnes),
    r.notes,
    r.kind,
    r.reference,
    r.accessNeeds,
    r.checkedIn,
  ]);
  return spreadsheetCsv(header, body);
}
