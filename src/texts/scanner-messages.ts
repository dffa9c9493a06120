/**
 * The door: what Partner Studio says about who may scan an event, and what the scan page says
 * around the outcomes (whose own words are spec §8's, in domain/scanning.ts).
 */
export const scannerMessages = {
  notAScanner: "Choose someone on your team with the scanner role",
  labelLength: "Give the link a name of 1 to 60 characters, such as 'Side door'",
  hoursRange: (min: number, max: number) => `Choose how long the link works: ${min} to ${max} hours`,
  tooManyLinks: (max: number) =>
    `This event already has ${max} working scanner links. Revoke one you no longer need first.`,
  noSuchScanner: "That scanner has already been revoked, or was never here.",
  granted: (name: string) => `${name} can now scan tickets for this event.`,
  linkMade: (label: string) => `Scanner link '${label}' is ready. Copy it now: it is shown only once.`,
  revoked: (label: string) => `${label} can no longer scan tickets for this event.`,
  linkClosed: "This scanner link has been revoked or has expired. Ask the event's host for a new one.",
  noLongerYours: "You can no longer scan tickets for this event.",
  notYours: "You can't scan tickets for this event. Ask its host to give you scanner access.",
  /** What the camera's square says while it shows no picture. */
  camera: {
    off: "Point the camera at a ticket's QR code, or type the code below.",
    starting: "Starting the camera…",
    failed: "The camera didn't start. Allow this page to use it, or type the code below.",
    "no-reader":
      "The QR reader didn't load on this device (it needs signal the first time). Type the code below for now.",
  },
} as const;
