import { describe, expect, it } from "vitest";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import {
  answeredQuestions,
  optionsFromText,
  QuestionForm,
  questionCountAllows,
  questionDraftFrom,
  questionFrom,
  questionProblems,
  type QuestionDraft,
} from "./event-questions";

const s = studioTicketMessages.survey;
const draft = (d: Partial<QuestionDraft> = {}): QuestionDraft => ({
  label: "Any dietary needs?",
  kind: "text",
  required: false,
  options: [],
  ...d,
});
const options = (n: number) => Array.from({ length: n }, (_, i) => `Option ${i + 1}`);

describe("the survey's questions", () => {
  it("are at most ten", () => {
    expect(questionCountAllows(0)).toEqual({ ok: true });
    expect(questionCountAllows(9)).toEqual({ ok: true });
    expect(questionCountAllows(10)).toEqual({ ok: false, message: s.maximum(10) });
    expect(questionCountAllows(11)).toEqual({ ok: false, message: s.maximum(10) });
  });

  it("have words, at most 200 characters, not another question's", () => {
    expect(questionProblems(draft(), [])).toEqual({});
    expect(questionProblems(draft({ label: " " }), [])).toEqual({ label: s.labelRequired });
    expect(questionProblems(draft({ label: "x".repeat(200) }), [])).toEqual({});
    expect(questionProblems(draft({ label: "x".repeat(201) }), [])).toEqual({ label: s.labelTooLong(200) });
    expect(questionProblems(draft(), [{ label: "ANY DIETARY NEEDS?" }])).toEqual({ label: s.labelTaken });
  });

  it("give a choice 2 to 20 different options of at most 100 characters", () => {
    const choice = (o: string[]) => questionProblems(draft({ kind: "choice", options: o }), []);
    expect(choice(options(1))).toEqual({ options: s.optionsRange(2, 20) });
    expect(choice(options(2))).toEqual({});
    expect(choice(options(20))).toEqual({});
    expect(choice(options(21))).toEqual({ options: s.optionsRange(2, 20) });
    expect(choice(["Yes", "x".repeat(100)])).toEqual({});
    expect(choice(["Yes", "x".repeat(101)])).toEqual({ options: s.optionTooLong(100) });
    expect(choice(["Yes", "yes"])).toEqual({ options: s.optionsRepeated });
    // A short answer's options are not asked for.
    expect(questionProblems(draft({ kind: "text", options: [] }), [])).toEqual({});
  });

  it("are read from the form: options one on each line, blank lines left out, only for a choice", () => {
    expect(optionsFromText(" Vegan \r\n\nVegetarian\n  \nNone")).toEqual(["Vegan", "Vegetarian", "None"]);
    const typed = QuestionForm.parse({ label: " Meal? ", kind: "choice", required: "on", options: "Fish\nVeg" });
    expect(questionDraftFrom(typed)).toEqual({
      label: "Meal?",
      kind: "choice",
      required: true,
      options: ["Fish", "Veg"],
    });
    const text = QuestionForm.parse({ label: "Why?", options: "Fish\nVeg" });
    expect(questionDraftFrom(text)).toEqual({ label: "Why?", kind: "text", required: false, options: [] });
  });

  it("are stored trimmed, with options only on a choice", () => {
    expect(questionFrom("q1", draft({ label: " Meal? ", kind: "choice", options: ["Fish", "Veg"] }))).toEqual({
      id: "q1",
      label: "Meal?",
      required: false,
      kind: "choice",
      options: ["Fish", "Veg"],
    });
    expect(questionFrom("q2", draft({ options: ["stray"] }))).toEqual({
      id: "q2",
      label: "Any dietary needs?",
      required: false,
      kind: "text",
    });
  });

  it("an order keeps the questions answered, as they read then", () => {
    const asked = [questionFrom("a", draft({ label: "Meal?" })), questionFrom("b", draft({ label: "Access?" }))];
    expect(answeredQuestions(asked, { b: "Step-free, please" })).toEqual([asked[1]]);
    expect(answeredQuestions(asked, { a: "" })).toEqual([]);
  });
});
