import { spreadsheetCsv } from "./spreadsheet-csv";

/*
 * A host's waitlist as a file (issue 20); apart from src/domain/waitlist.ts, which the public event page
 * loads, so that the CSV library never reaches a buyer's browser.
 */

/** One line of a waitlist's CSV file, each cell as it is to be shown. */
export interface WaitlistExportRow {
  event: string;
  eventDate: string;
  name: string;
  email: string;
  places: number;
  joined: string;
  status: string;
  position: string;
  offered: string;
  offerUntil: string;
  placesOffered: string;
}

/**
 * A waitlist as a CSV file for a spreadsheet, as the guest list's export is made (decision 0033):
 * UTF-8 with a BOM, CRLF lines, quoting by papaparse, and a cell that a spreadsheet would run as a
 * formula (= + - @, tab, CR first) prefixed with '.
 */
export function waitlistCsv(rows: readonly WaitlistExportRow[]): string {
  const header = [
    "Event",
    "Event date",
    "Name",
    "Email",
    "Places wanted",
    "Joined",
    "Status",
    "Place in line",
    "Offered",
    "Offer until",
    "Places offered",
  ];
  const body = rows.map((r) => [
    r.event,
    r.eventDate,
    r.name,
    r.email,
    String(r.places),
    r.joined,
    r.status,
    r.position,
    r.offered,
    r.offerUntil,
    r.placesOffered,
  ]);
  return spreadsheetCsv(header, body);
}
