/**
 * Guest lists (the door's first tool): what Partner Studio says to a host about an event's list, the
 * master list and CSV files of guests. Apart from `messages`, which ships with every page: these are
 * needed only on the Studio's guest pages and by the services that refuse with them.
 */
export const guestMessages = {
  fields: {
    nameRequired: "Enter the guest's name",
    nameTooLong: (max: number) => `Keep the name to ${max} characters or fewer`,
    emailInvalid: "Enter an email address like name@example.com",
    emailTooLong: (max: number) => `Keep the email address to ${max} characters or fewer`,
    plusOnesRange: (max: number) => `Enter a whole number of plus-ones from 0 to ${max}`,
    notesTooLong: (max: number) => `Keep the notes to ${max} characters or fewer`,
    ticketTypeUnknown: "Choose one of this event's ticket types, or none",
    ticketTypeNamed: (name: string) => `There is no ticket type called "${name}" for this event`,
  },
  added: (name: string) => `${name} is on the guest list.`,
  saved: (name: string) => `Saved ${name}'s details.`,
  removed: (name: string) => `${name} is off the guest list.`,
  checkedIn: (name: string) => `${name} is checked in.`,
  undone: (name: string) => `${name} is no longer checked in.`,
  alreadyIn: (name: string) => `${name} was already checked in: nothing changed.`,
  notIn: (name: string) => `${name} wasn't checked in: nothing changed.`,
  ticketVoid: "This ticket is no longer valid (cancelled or refunded), so it can't be checked in.",
  noSuchGuest: "No such guest.",
  eventListFull: (max: number, room: number) =>
    room === 0
      ? `This event's guest list is full: it holds ${max.toLocaleString("en-GB")} guests at most. ` +
        "Remove guests who aren't coming first."
      : `This event's guest list holds ${max.toLocaleString("en-GB")} guests at most, and has room for ` +
        `${room.toLocaleString("en-GB")} more. Import fewer guests.`,
  hostListsFull: (max: number, room: number) =>
    `Your guest lists hold ${max.toLocaleString("en-GB")} guests in all, and this would take you past that ` +
    `(room for ${room.toLocaleString("en-GB")} more). Remove the guests of past events first.`,
  tooManyFiles: "That's a lot of guest files in a few minutes. Please try again in ten minutes.",
  csv: {
    noFile: "Choose a CSV file to import.",
    notCsv: "That file isn't a CSV file. Save the spreadsheet as CSV (comma separated) and try again.",
    tooLarge: (kb: number) => `That file is over ${kb} KB. Split it into smaller files and import each.`,
    tooManyRows: (max: number) => `That file has more than ${max} guests. Split it into smaller files and import each.`,
    empty: "That file has no guests in it: the first line names the columns, then one guest a line.",
    noNameColumn: 'The first line must name the columns, with one called "Name".',
    unreadable: (line: number) => `Line ${line}: the quotes don't match, so the file can't be read from here on.`,
    line: (line: number, problem: string) => `Line ${line}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`,
    refused: (count: number) =>
      count === 1
        ? "1 line has a problem, so nothing was imported. Fix it in the file and choose it again."
        : `${count} lines have problems, so nothing was imported. Fix them in the file and choose it again.`,
    problems: (count: number) =>
      count === 1
        ? "1 line has a problem: fix it in the file and choose it again. Nothing is imported until every line is right."
        : `${count} lines have problems: fix them in the file and choose it again. ` +
          "Nothing is imported until every line is right.",
    ready: (count: number) => (count === 1 ? "1 guest is ready to import." : `${count} guests are ready to import.`),
    imported: (count: number) => (count === 1 ? "Imported 1 guest." : `Imported ${count} guests.`),
    alreadyImported: "That file was already imported: nothing was added twice.",
    expired: "That preview has expired or was changed. Choose the file again.",
  },
} as const;
