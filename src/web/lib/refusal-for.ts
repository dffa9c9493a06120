import { refusalOf } from "./action-error";

/**
 * On a page of many forms (a list's rows, an add form), the refusal in the action's answer meant
 * for one of them, by its intent and the row it acts on (`target`): the words for the form and its
 * fields, and what was typed, to show it again. Null when the answer is not that form's refusal.
 */
export function refusalFor(answer: unknown, intent: string, target: string) {
  if (!answer || typeof answer !== "object") return null;
  const a = answer as { error?: unknown; intent?: unknown; target?: unknown; values?: unknown };
  if (typeof a.error !== "string" || a.intent !== intent || a.target !== target) return null;
  const values = a.values && typeof a.values === "object" ? (a.values as Record<string, string>) : null;
  return { ...refusalOf(answer), error: a.error, values };
}
