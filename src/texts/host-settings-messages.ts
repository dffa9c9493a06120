/** Partner Studio's online profile, colours and payouts (issue 21): words the pages and services share. */
export const hostSettingsMessages = {
  profileSaved: "Your online profile is saved.",
  nothingChanged: "Nothing to save: that's how it already was.",
  colorsSaved: "Your brand colours are saved.",
  notificationsSaved: "Your notification preferences are saved.",
  badColor: (label: string) => `${label} must be a hex colour like #C8175F (a # and six digits or letters A–F).`,
  unreadableColor: (label: string, hex: string, white: string, dark: string) =>
    `${label} ${hex} would be unreadable: white text on it has a contrast of ${white}:1 and dark text ${dark}:1, ` +
    "and text needs at least 4.5:1. Choose a darker or a lighter shade.",
  badLink: (network: string, example: string) => `That isn't a ${network} address. It should look like ${example}.`,
  linkNotHttps: (network: string) => `${network} links must start with https://.`,
  ownersOnly: "Only the host's owner can change this.",
  payoutsConnectFailed: "We couldn't reach the payment provider to set up payouts. Please try again in a few minutes.",
  payoutsConnected: "Payouts are connected: new sales go straight to your account.",
  payoutsStillNeeded: "Your payout account still needs some details before it can be paid.",
  payoutsNotConfigured: "Payouts can't be connected on this site yet.",
} as const;
