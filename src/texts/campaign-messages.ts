/**
 * Email marketing in Partner Studio (decision 0040): what the campaign pages, the audiences page and
 * the services that refuse say. Needed only on those pages and by their services.
 */
export const campaignMessages = {
  fields: {
    subjectRequired: "Enter a subject line",
    subjectTooLong: (max: number) => `Keep the subject to ${max} characters or fewer`,
    previewTooLong: (max: number) => `Keep the preview text to ${max} characters or fewer`,
    blocksRequired: "Add at least one block: a heading, some text, a button, a picture or an event",
    audienceRequired: "Choose who gets it: your past buyers who opted in, a list, or both",
    headingRequired: "Enter the heading, or remove the block",
    textRequired: "Enter some text, or remove the block",
    buttonLabelRequired: "Enter the button's words",
    httpsUrl: "Enter a web address starting https://",
    altRequired: "Describe the picture for people who can't see it",
    eventRequired: "Choose one of your events",
    scheduleInPast: "Choose a time at least a minute from now (London time)",
    scheduleTooFar: "Choose a time within the next year",
    scheduleRequired: "Enter the date and time to send it (London time)",
    listNameRequired: "Name the list",
    listNameTooLong: (max: number) => `Keep the name to ${max} characters or fewer`,
    listNameTaken: "You already have a list with that name",
    consentSourceRequired:
      "Say how these people agreed to hear from you (for example: ticked a box on our sign-up sheet at the door)",
    consentSourceTooLong: (max: number) => `Keep it to ${max} characters or fewer`,
    consentConfirm: "Confirm that everyone in the file agreed to get your emails",
    emailRequired: "Enter an email address",
    emailInvalid: "Enter an email address like name@example.com",
    emailTwice: "This address is in the file more than once",
    nameTooLong: (max: number) => `Keep the name to ${max} characters or fewer`,
    consentDate: "Write the date they agreed as DD/MM/YYYY or YYYY-MM-DD, not in the future",
  },
  noSuchCampaign: "No such campaign.",
  noSuchList: "No such list.",
  notDraft: "This campaign has already gone out or is scheduled: unschedule it to change it.",
  notScheduled: "This campaign isn't scheduled any more.",
  saved: "Draft saved.",
  scheduled: (when: string) => `Scheduled for ${when} (London time).`,
  sendingNow: "Sending now: it goes out in batches over the next few minutes.",
  unscheduled: "Unscheduled: it's a draft again.",
  deleted: "Campaign deleted.",
  testSent: (to: string) => `Test sent to ${to}.`,
  tooManyTests: "That's a lot of test emails: try again in an hour.",
  confirmEmailFirst:
    "Confirm your email address first: campaigns and tests go out only from people whose address is confirmed. " +
    "The link is in the email we sent you when you signed up.",
  fixFirst: "Fix what's marked before sending.",
  listCreated: (name: string) => `List "${name}" created.`,
  tooManyLists: (max: number) => `You have ${max} lists, the most there can be: delete one you no longer use first.`,
  tooManyContacts: (max: number, room: number) =>
    `Your lists can hold ${max.toLocaleString("en-GB")} contacts in all, and this file would take you past that ` +
    `(room for ${room.toLocaleString("en-GB")} more). Delete a list you no longer use first.`,
  listDeleted: (name: string) => `List "${name}" deleted.`,
  csv: {
    noFile: "Choose a CSV file to import.",
    notCsv: "That file isn't a CSV file. Save the spreadsheet as CSV (comma separated) and try again.",
    tooLarge: (kb: number) => `That file is over ${kb} KB. Split it into smaller files and import each.`,
    tooManyRows: (max: number) =>
      `That file has more than ${max.toLocaleString("en-GB")} people. Split it into smaller files and import each.`,
    empty: "That file has no one in it: the first line names the columns, then one person a line.",
    noEmailColumn: 'The first line must name the columns, with one called "Email".',
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
    ready: (count: number) => (count === 1 ? "1 person is ready to import." : `${count} people are ready to import.`),
    imported: (count: number, already: number) =>
      (count === 1 ? "Imported 1 person." : `Imported ${count} people.`) +
      (already > 0 ? ` ${already} ${already === 1 ? "was" : "were"} already on the list.` : ""),
    alreadyImported: "That file was already imported: nothing was added twice.",
    expired: "That preview has expired or was changed. Choose the file again.",
  },
} as const;
