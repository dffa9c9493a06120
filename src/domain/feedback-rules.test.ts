import { describe, expect, it } from "vitest";
import { checkFeedback, checkSupportRequest, cleanText, LIMITS } from "./feedback-rules";

describe("cleanText", () => {
  it("trims, turns CRLF into LF and drops control characters but keeps tabs and newlines", () => {
    expect(cleanText("  line one\r\nline two\rthree\u0007\tend  ")).toBe("line one\nline two\nthree\tend");
    expect(cleanText(undefined)).toBe("");
    expect(cleanText(42)).toBe("");
  });
});

describe("checkFeedback", () => {
  it("accepts a message with or without a topic", () => {
    expect(checkFeedback({ message: "Love the all-in prices", topic: "" })).toEqual({
      ok: true,
      value: { message: "Love the all-in prices", topic: null, page: null },
    });
    expect(checkFeedback({ message: "Checkout was quick", topic: "booking", page: "/checkout" })).toEqual({
      ok: true,
      value: { message: "Checkout was quick", topic: "booking", page: null },
    });
  });

  it("keeps a bug's page only when it is a path of this site", () => {
    const page = (p: unknown) => {
      const checked = checkFeedback({ message: "It broke", topic: "bug", page: p });
      return checked.ok ? checked.value.page : "refused";
    };
    expect(page(" /events/folk-night?x=1 ")).toBe("/events/folk-night?x=1");
    expect(page("//evil.example/x")).toBeNull();
    expect(page("https://evil.example/")).toBeNull();
    expect(page("/a b")).toBeNull();
    expect(page(`/${"a".repeat(300)}`)).toBeNull();
    expect(page(undefined)).toBeNull();
  });

  it("names the field in each problem", () => {
    expect(checkFeedback({ message: "   " })).toEqual({ ok: false, errors: { message: "Please enter a message." } });
    expect(checkFeedback({ message: "ok" })).toEqual({
      ok: false,
      errors: { message: "Message needs at least 3 characters." },
    });
    const long = "x".repeat(LIMITS.feedbackMessage.max + 1);
    expect(checkFeedback({ message: long })).toEqual({
      ok: false,
      errors: { message: "Message must be 2,000 characters or fewer (yours has 2,001)." },
    });
    expect(checkFeedback({ message: "Fine by me", topic: "pizza" })).toEqual({
      ok: false,
      errors: { topic: "Please choose a topic from the list." },
    });
  });

  it("counts a textarea's CRLF newlines as one character, as the browser's maxlength does", () => {
    const atLimit = `${"a".repeat(LIMITS.feedbackMessage.max - 2)}\r\nb`;
    expect(checkFeedback({ message: atLimit }).ok).toBe(true);
  });
});

describe("checkSupportRequest", () => {
  it("accepts a request and tidies the subject and order reference", () => {
    expect(
      checkSupportRequest({
        subject: "  Can't find\n my tickets ",
        message: "I booked on Friday but nothing arrived.",
        orderReference: "#tb-7f3a",
      }),
    ).toEqual({
      ok: true,
      value: {
        subject: "Can't find my tickets",
        message: "I booked on Friday but nothing arrived.",
        orderReference: "TB-7F3A",
      },
    });
    expect(
      checkSupportRequest({ subject: "Refund", message: "Please can I have a refund?", orderReference: "" }),
    ).toMatchObject({
      ok: true,
      value: { orderReference: null },
    });
  });

  it("reports every field's problem at once, naming the field", () => {
    expect(checkSupportRequest({ subject: "", message: "help", orderReference: "not a ref!" })).toEqual({
      ok: false,
      errors: {
        subject: "Please enter a subject.",
        message: "Message needs at least 10 characters.",
        orderReference: "Order reference can only contain letters, numbers and hyphens.",
      },
    });
    expect(
      checkSupportRequest({ subject: "s".repeat(121), message: "m".repeat(5001), orderReference: "A".repeat(41) }),
    ).toEqual({
      ok: false,
      errors: {
        subject: "Subject must be 120 characters or fewer (yours has 121).",
        message: "Message must be 5,000 characters or fewer (yours has 5,001).",
        orderReference: "Order reference must be 40 characters or fewer.",
      },
    });
  });
});
