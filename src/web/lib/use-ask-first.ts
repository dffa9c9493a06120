import type { FormEvent } from "react";
import { useSubmit } from "react-router";
import { confirm, type ConfirmRequest } from "../components/ui/confirm-dialog";

type Question = Omit<ConfirmRequest, "resolve">;

/**
 * For a form whose action can't be undone: with JavaScript, its submit asks in the global dialog
 * first and posts only on Yes; without it, the form posts as it is.
 *   <Form method="post" onSubmit={askFirst({ title: "Cancel this booking?", … })}>
 * The question may be worked out from the form as it is sent (an amount typed into it, say); null
 * means there is nothing sensible to ask (the amount isn't one), and the form goes to the server,
 * which names what is wrong.
 */
export function useAskFirst() {
  const submit = useSubmit();
  return (question: Question | ((form: HTMLFormElement) => Question | null)) => (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const asking = typeof question === "function" ? question(form) : question;
    if (!asking) return;
    event.preventDefault();
    void confirm(asking).then((yes) => {
      if (yes) void submit(form, { method: "post" });
    });
  };
}
