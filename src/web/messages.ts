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
  },
  auth: {
    invalidCredentials: "Invalid login credentials",
    authenticationError: "Authentication error.Please log out and log in",
    emailInUse: "This email is already in use. Try Forget Password to regain access.",
    tryAgainLater: "Please try again in a few minutes!",
    passwordTooShort: "Please enter a password of at least 6 characters.",
    passwordsDoNotMatch: "passwords do not match, please check and try again",
    mustAgreeToTerms: "You need to agree to our terms to use Ticketyboo",
    notARobot: "Please verify you are not a robot!",
    oldPasswordIncorrect: "Old password is Incorrect",
    incorrectPassword: "Incorrect password",
    invalidEmail: "Invalid email",
    logOutTitle: "See you soon...",
    logOutQuestion: "Are you sure you want to log out?",
    hostingMoved: "Hosting tools now live in Partner Studio.",
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
    soldOut: "Sorry, this event is sold out!",
    ended: "Sorry, this event has ended!",
    missingWaitlistData: "Missing event or user data!",
  },
  forms: {
    unsavedChanges: "You have unsaved changes. Are you sure you want to leave?",
  },
} as const;
