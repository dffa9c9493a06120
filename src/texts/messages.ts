/**
 * Every user-facing text that the product spec gives, verbatim, in one place.
 * Components and services import from here; nothing paraphrases the spec.
 */
export const messages = {
  brand: "Ticketyboo",
  generic: {
    tryAgain: "Something went wrong. Please Try Again!",
    signOutAndIn: "Something went wrong! Try logging out and back in.",
    operationFailed: "Operation failed. Please try again.",
    forbidden: "You don't have access to this.",
    notFound: "We couldn't find that page.",
    /** A request body over the size limit (every form but the profile's images: about 1 MB). */
    tooLarge: "That is more than we can take in one go. Please send less and try again.",
    /** A form field or link carrying characters no one types (NUL, broken Unicode). */
    unsafeText: (field: string) => `"${field}" contains characters we can't accept. Please remove them and try again.`,
    /** A form of more fields than any of ours sends. */
    tooManyFields: (max: number) =>
      `That form has more than ${max.toLocaleString("en-GB")} fields, more than any of ours sends. ` +
      "Please reload the page and try again.",
    /** A JSON body nested more deeply than any of ours. */
    nestedTooDeeply: (max: number) => `The request body nests more than ${max} levels deep. Please send a flatter one.`,
    /** A link whose address is broken (bad percent-encoding). */
    badAddress: "That link is broken. Please check the address and try again.",
    /** A post from a page on another site (cross-site request forgery, or a page saved and reopened). */
    crossSite:
      "That form was sent from another site, so we didn't act on it. Please go back to Ticketyboo and try again there.",
  },
  auth: {
    invalidCredentials: "Invalid login credentials",
    authenticationError: "Authentication error.Please log out and log in",
    emailInUse: "This email is already in use. Try Forget Password to regain access.",
    tryAgainLater: "Please try again in a few minutes!",
    emailChangesToday: "You've asked to change your email address several times today. Please try again tomorrow.",
    passwordTooShort: "Please enter a password of at least 6 characters.",
    passwordsDoNotMatch: "passwords do not match, please check and try again",
    mustAgreeToTerms: "You need to agree to our terms to use Ticketyboo",
    notARobot: "Please verify you are not a robot!",
    /** Why the log-in form shows the robot check: someone has been guessing this account's password. */
    robotCheckAsked:
      "Someone has tried a few wrong passwords for this account lately, so please tick the box below as well as " +
      "entering yours.",
    oldPasswordIncorrect: "Old password is Incorrect",
    incorrectPassword: "Incorrect password",
    invalidEmail: "Invalid email",
    logOutTitle: "See you soon...",
    logOutQuestion: "Are you sure you want to log out?",
    hostingMoved: "Hosting tools now live in Partner Studio.",
    passwordTooCommon: "That password appears in lists of leaked passwords. Please choose one that is harder to guess.",
    passwordTooLong: "Please use a password of at most 128 characters.",
    firstNameRequired: "Please enter your first name.",
    lastNameRequired: "Please enter your last name.",
    chooseAccountType: "Please choose whether you're here to book or to host.",
    resetLinkSent:
      "If an account uses that email, we've sent it a link to reset the password. The link works for 1 hour.",
    resetLinkInvalid: "That reset link has expired or was already used. Ask for a new one below.",
    passwordChanged: "Your password has been changed.",
    verificationSent: "Verification email sent. Check your inbox.",
    emailVerified: "Thanks, your email is verified.",
    verifyLinkInvalid: "That verification link has expired or was already used.",
    sameEmail: "That's already your email address.",
  },
  account: {
    hostCannotDelete:
      "Hosts can't delete their own account. Please contact customer support and we'll help you close it.",
    deleteFailed: "We couldn't delete your account. Please try again or contact support.",
    deleted: "Your account has been deleted. Thanks for booking with Ticketyboo.",
  },
  cookies: {
    updated: "Cookie preference updated successfully!",
  },
  search: {
    placeholder: "Event, Artist, Venue",
  },
  informational: {
    ticketNotFound: "Ticket Not Found",
    beatenToIt: "Oops! It seems someone beat you to it...",
    outOfTime: "You ran out of time. Refreshing page in 5 seconds",
    paymentSuccessful: "Payment Successful! Generating Tickets",
    discountApplied: "Discount Code Applied",
    freeTickets: "You are eligible for free tickets",
  },
  buyer: {
    purchaseFailed: "Purchase failed",
    paymentError: "Something went wrong while processing payment!",
    ticketsError: "Something went wrong while generating tickets!",
    soldOut: "Sorry, this event is sold out!",
    ended: "Sorry, this event has ended!",
    missingWaitlistData: "Missing event or user data!",
    cancelFailed: "Error cancelling order. Please contact support.",
    paidTwiceRefunded: "You had already paid for these tickets, so we've refunded your second payment in full.",
    totalChangedRefunded:
      "The total changed while you were paying, so we've refunded your payment in full. Please check the new total " +
      "and pay again.",
    refundingPayment: "We couldn't turn your payment into tickets, so we're refunding it in full.",
    testPayments: "Test payments: no real money moves.",
    testPaymentsDetail: "No card is charged, and tickets booked here are for trying Ticketyboo out.",
    /**
     * How many of a ticket type are left, when a basket asked for more (after 'Oops! It seems someone beat you to
     * it...').
     */
    onlyLeft: (name: string, left: number) =>
      left === 0 ? `${name} has sold out.` : `Only ${left} ${name} ${left === 1 ? "ticket is" : "tickets are"} left.`,
    /** A basket over a ticket type's per-order limit. */
    perOrderLimit: (name: string, max: number) =>
      `You can buy up to ${max} ${name} ${max === 1 ? "ticket" : "tickets"} in one order.`,
    /** A basket line no longer on sale to this buyer. */
    notOnSale: (name: string) => `${name} isn't on sale right now.`,
    basketCorrected: "We've changed your basket to match.",
    /** Seats chosen outside the sections the basket's tickets sell. */
    seatsOutsideSection:
      "Choose each seat in the section of its ticket: the plan shows which seats each ticket can take.",
    /**
     * A pay-what-you-wish amount outside its range (or not an amount): said beside the field and by the server alike.
     */
    chosenAmountRange: (minimum: string, maximum: string) =>
      `Enter an amount from ${minimum} to ${maximum}, in pounds and pence.`,
    /** One person's share of an event (live holds and free orders together) would go past its limit. */
    overShare: (cap: number, has: number) =>
      has > 0
        ? `You can have at most ${cap} tickets for this event, and you already have ${has} in checkouts or free ` +
          `orders. Choose ${cap - has > 0 ? `up to ${cap - has}` : "none"} more, or finish the checkout you started.`
        : `You can have at most ${cap} tickets for this event. Please choose fewer.`,
  },
  forms: {
    unsavedChanges: "You have unsaved changes. Are you sure you want to leave?",
    /** Shown beside a field when the form's schema gives no words of its own (src/lib/read-form.ts). */
    required: "Please fill in this field.",
    checkField: "Please check this field.",
    enterNumber: "Please enter a number.",
    wholeNumber: "Please enter a whole number.",
    chooseOption: "Please choose one of the options.",
    sendOnce: "Please send this field once.",
    atLeastCharacters: (min: number) => `Please enter at least ${min} characters.`,
    atMostCharacters: (max: number) => `Please keep this to ${max} characters or fewer.`,
    atLeast: (min: number) => `Please enter ${min} or more.`,
    atMost: (max: number) => `Please enter ${max} or less.`,
    chooseAtMost: (max: number) => `Please choose at most ${max}.`,
    /** A form sent in a shape no page of ours sends (JSON to a form, a missing body). */
    wrongContentType: (expected: string) => `Please send this as ${expected}.`,
  },
  preferences: {
    hostOnly: "Available for host only!",
    saved: "Saved",
    nothingToChange: "Nothing to change",
  },
  publicForms: {
    contactSent: "Thanks, your message is with us",
    contactReply: (email: string) => `We'll reply to ${email} within 2 working days.`,
    eventSubmitted: "Thanks for the tip!",
    /** Spec §8 (buyer): the event link submit failure. */
    eventSubmitFailed: "Sorry, we couldn't submit that event link. Please try again.",
  },
  feedback: {
    thanks: "Thanks — we read every message",
    supportReply: (email: string) => `We'll reply to ${email} within 2 working days`,
  },
  images: {
    tooLarge: "Maximum allowed size for image is 10MB",
    selectImage: "Please select an image.",
    noFileSelected: "No file selected",
    unsupportedFormat: "Unsupported image format. Please choose JPEG, JPG or PNG images.",
    invalidFile: "Invalid file. Only supports JPEG/JPG/PNG file",
    tooManyPixels: "That image is too big to process. Please choose one under 40 megapixels.",
    busy: "We're busy with a lot of pictures just now. Please try again in a minute.",
    tooManyUploads: "That's a lot of pictures in a few minutes. Please try again in ten minutes.",
  },
  profile: {
    saved: "Profile updated",
    usernameTaken: "That username is taken.",
    usernameAvailable: "That username is available.",
    usernameTooShort: "Usernames need at least 3 characters.",
    usernameTooLong: "Usernames can be at most 30 characters.",
    usernameCharacters: "Use only lowercase letters, numbers, _ and -.",
    usernameRequired: "Hosts need a username for their booking page.",
    firstNameTooLong: "Invalid first name: please use at most 50 characters.",
    lastNameTooLong: "Invalid last name: please use at most 50 characters.",
    invalidFirstName: "Invalid first name",
    invalidLastName: "Invalid last name",
    invalidPhone: "Invalid phone number. Use 10 to 15 digits, like 07700 900123.",
    bioTooLong: "Your bio can be at most 500 characters.",
    hostTitleRequired: "Please enter your host name.",
    hostTitleTooLong: "Your host name can be at most 80 characters.",
    invalidHostTitle: "Invalid host name",
    accessNotesTooLong: "Your access notes can be at most 500 characters.",
  },
  /** Spec §8, email sending. */
  email: {
    missingHostParams: "Missing params. Check hostName and email address",
  },
  /** What a person gave for a ticket they hold, on My Tickets and the dashboard (a price paid is the money itself). */
  held: {
    free: "Free",
    fromAFriend: "From a friend",
  },
} as const;
