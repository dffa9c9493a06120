import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { guestMessages } from "~/texts/guest-messages";
import {
  checkGuest,
  GUEST_EMAIL_MAX,
  GUEST_NAME_MAX,
  GUEST_NOTES_MAX,
  guestListCsv,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  PLUS_ONES_MAX,
  readGuestCsv,
  type ExportRow,
  type GuestInput,
} from "./guests";

const f = guestMessages.fields;
const input = (over: Partial<GuestInput> = {}): GuestInput => ({
  name: "Ada Lovelace",
  email: "",
  plusOnes: "",
  notes: "",
  ticketTypeId: "",
  ...over,
});
const TYPES = [
  { id: "t-standard", name: "Standard" },
  { id: "t-vip", name: "VIP Balcony" },
];

describe("checkGuest", () => {
  it("keeps a guest with just a name, tidied", () => {
    expect(checkGuest(input({ name: "  Ada   Lovelace " }), [])).toEqual({
      ok: true,
      draft: { name: "Ada Lovelace", email: null, plusOnes: 0, notes: "", ticketTypeId: null },
    });
  });

  it("needs a name, of at most the limit in characters as people count them", () => {
    expect(checkGuest(input({ name: "   " }), [])).toEqual({ ok: false, fields: { name: f.nameRequired } });
    expect(checkGuest(input({ name: "a".repeat(GUEST_NAME_MAX) }), []).ok).toBe(true);
    expect(checkGuest(input({ name: "🎸".repeat(GUEST_NAME_MAX) }), []).ok).toBe(true);
    expect(checkGuest(input({ name: "a".repeat(GUEST_NAME_MAX + 1) }), [])).toEqual({
      ok: false,
      fields: { name: f.nameTooLong(GUEST_NAME_MAX) },
    });
  });

  it("takes an email address or none, lower-cased, and names a bad one", () => {
    expect(checkGuest(input({ email: " Ada@Example.COM " }), [])).toMatchObject({
      draft: { email: "ada@example.com" },
    });
    for (const bad of ["ada", "ada@example", "ada@@example.com", "ada@example..com", "a b@example.com"])
      expect(checkGuest(input({ email: bad }), []), bad).toEqual({ ok: false, fields: { email: f.emailInvalid } });
    const longest = `${"a".repeat(GUEST_EMAIL_MAX - "@example.com".length)}@example.com`;
    expect(checkGuest(input({ email: longest }), []).ok).toBe(true);
    expect(checkGuest(input({ email: `a${longest}` }), [])).toEqual({
      ok: false,
      fields: { email: f.emailTooLong(GUEST_EMAIL_MAX) },
    });
  });

  it("takes plus-ones from 0 to the limit, blank being 0", () => {
    expect(checkGuest(input({ plusOnes: "" }), [])).toMatchObject({ draft: { plusOnes: 0 } });
    expect(checkGuest(input({ plusOnes: "0" }), [])).toMatchObject({ draft: { plusOnes: 0 } });
    expect(checkGuest(input({ plusOnes: String(PLUS_ONES_MAX) }), [])).toMatchObject({
      draft: { plusOnes: PLUS_ONES_MAX },
    });
    for (const bad of [String(PLUS_ONES_MAX + 1), "-1", "1.5", "two", "1e1", "999"])
      expect(checkGuest(input({ plusOnes: bad }), []), bad).toEqual({
        ok: false,
        fields: { plusOnes: f.plusOnesRange(PLUS_ONES_MAX) },
      });
  });

  it("keeps notes up to the limit", () => {
    expect(checkGuest(input({ notes: "n".repeat(GUEST_NOTES_MAX) }), []).ok).toBe(true);
    expect(checkGuest(input({ notes: "n".repeat(GUEST_NOTES_MAX + 1) }), [])).toEqual({
      ok: false,
      fields: { notes: f.notesTooLong(GUEST_NOTES_MAX) },
    });
  });

  it("takes only one of the event's own ticket types", () => {
    expect(checkGuest(input({ ticketTypeId: "t-vip" }), ["t-standard", "t-vip"])).toMatchObject({
      draft: { ticketTypeId: "t-vip" },
    });
    expect(checkGuest(input({ ticketTypeId: "someone-elses" }), ["t-standard"])).toEqual({
      ok: false,
      fields: { ticketTypeId: f.ticketTypeUnknown },
    });
  });

  it("names every field that is wrong at once", () => {
    const checked = checkGuest(input({ name: "", email: "x", plusOnes: "11" }), []);
    expect(checked.ok ? [] : Object.keys(checked.fields).sort()).toEqual(["email", "name", "plusOnes"]);
  });
});

describe("readGuestCsv", () => {
  const c = guestMessages.csv;

  it("reads each line, matching ticket types by name, and names each bad line by its line in the file", () => {
    const file =
      "\uFEFFName,Email,Ticket type,Plus-ones,Notes\r\n" +
      "Ada Lovelace,ada@example.com,standard,1,Front row\r\n" +
      '"Grace ""Amazing"" Hopper",,VIP  balcony,,"Needs a chair,\nnear the door"\r\n' +
      "Bad Email,not-an-email,,,\r\n" +
      "\r\n" +
      ",,Gold,11,\r\n";
    const read = readGuestCsv(file, TYPES);
    if (!read.ok) throw new Error(read.problem);
    expect(read.rows.map((r) => r.line)).toEqual([2, 3, 5, 7]);
    expect(read.rows[0]!.draft).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      plusOnes: 1,
      notes: "Front row",
      ticketTypeId: "t-standard",
    });
    expect(read.rows[1]!.draft).toMatchObject({
      name: 'Grace "Amazing" Hopper',
      ticketTypeId: "t-vip",
      notes: "Needs a chair,\nnear the door",
    });
    expect(read.rows[2]!.errors).toEqual(["Line 5: enter an email address like name@example.com"]);
    expect(read.rows[2]!.draft).toBeNull();
    expect(read.rows[3]!.errors).toEqual([
      "Line 7: enter the guest's name",
      `Line 7: ${f.plusOnesRange(PLUS_ONES_MAX).replace(/^E/, "e")}`,
      'Line 7: there is no ticket type called "Gold" for this event',
    ]);
    expect({ valid: read.valid, invalid: read.invalid }).toEqual({ valid: 2, invalid: 2 });
  });

  it("needs a Name column, and takes the others in any order or not at all", () => {
    expect(readGuestCsv("Email\nada@example.com\n", TYPES)).toEqual({ ok: false, problem: c.noNameColumn });
    const read = readGuestCsv("notes,full name\nhi,Ada\n", TYPES);
    expect(read.ok && read.rows[0]!.draft).toMatchObject({ name: "Ada", notes: "hi" });
  });

  it("refuses an empty file, one with only the column names, and one whose quotes never close", () => {
    expect(readGuestCsv("", TYPES)).toEqual({ ok: false, problem: c.empty });
    expect(readGuestCsv("Name\r\n\r\n", TYPES)).toEqual({ ok: false, problem: c.empty });
    expect(readGuestCsv('Name\nAda\n"Grace\n', TYPES)).toEqual({ ok: false, problem: c.unreadable(3) });
  });

  it("takes up to the row limit and the size limit, and no more", () => {
    const rows = (n: number) => "Name\n" + Array.from({ length: n }, (_, i) => `Guest ${i}`).join("\n");
    const most = readGuestCsv(rows(IMPORT_MAX_ROWS), TYPES);
    expect(most.ok && most.valid).toBe(IMPORT_MAX_ROWS);
    expect(readGuestCsv(rows(IMPORT_MAX_ROWS + 1), TYPES)).toEqual({
      ok: false,
      problem: c.tooManyRows(IMPORT_MAX_ROWS),
    });
    const big = "Name,Notes\nAda," + "x".repeat(IMPORT_MAX_BYTES);
    expect(readGuestCsv(big, TYPES)).toEqual({ ok: false, problem: c.tooLarge(256) });
    const justFits = "Name\n" + "x".repeat(IMPORT_MAX_BYTES - "Name\n".length);
    expect(readGuestCsv(justFits, TYPES).ok).toBe(true);
  });
});

describe("guestListCsv", () => {
  const row = (over: Partial<ExportRow> = {}): ExportRow => ({
    name: "Ada",
    email: "ada@example.com",
    ticketType: "Standard",
    plusOnes: 0,
    notes: "",
    kind: "Guest",
    reference: "",
    accessNeeds: "",
    checkedIn: "",
    ...over,
  });

  it("starts with a byte order mark, ends lines with CRLF, and quotes what needs quoting", () => {
    const csv = guestListCsv([row({ name: 'Grace "G" Hopper', notes: "a, b\nc" })]);
    expect(csv.startsWith("\uFEFFName,Email,Ticket type,Plus-ones,Notes,Kind,Order,Access needs,Checked in\r\n")).toBe(
      true,
    );
    expect(csv).toContain('"Grace ""G"" Hopper",ada@example.com,Standard,0,"a, b\nc",Guest,,,\r\n');
  });

  it("keeps a cell a spreadsheet would run as a formula as text", () => {
    for (const start of ["=", "+", "-", "@"]) {
      const csv = guestListCsv([row({ name: `${start}HYPERLINK("x")` })]);
      const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
      expect(parsed[1]![0], start).toBe(`'${start}HYPERLINK("x")`);
    }
  });

  it("reads back through the importer as the same guests", () => {
    const csv = guestListCsv([row({ name: "Zoë Ñoño", plusOnes: 2, notes: "Line one\nline two" })]);
    const read = readGuestCsv(csv, TYPES);
    expect(read.ok && read.rows[0]!.draft).toEqual({
      name: "Zoë Ñoño",
      email: "ada@example.com",
      plusOnes: 2,
      notes: "Line one\nline two",
      ticketTypeId: "t-standard",
    });
  });
});
