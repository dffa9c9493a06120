import { describe, expect, it } from "vitest";
import { eventStatusWord } from "./event-status-word";

describe("eventStatusWord", () => {
  it("says Cancelled above all, Ended for a published event whose date has passed, else its state", () => {
    expect(eventStatusWord({ status: "published", isCancelled: true }, true)).toBe("Cancelled");
    expect(eventStatusWord({ status: "published", isCancelled: false }, true)).toBe("Ended");
    expect(eventStatusWord({ status: "published", isCancelled: false })).toBe("On sale");
    expect(eventStatusWord({ status: "draft", isCancelled: false }, true)).toBe("Draft");
    expect(eventStatusWord({ status: "unpublished", isCancelled: false })).toBe("Unpublished");
    expect(eventStatusWord({ status: "archived", isCancelled: false }, true)).toBe("Archived");
  });
});
