import type { FormEvent } from "react";
import { useSubmit } from "react-router";
import { confirm, type ConfirmRequest } from "../components/ui/confirm-dialog";

type Question = Omit<ConfirmRequest, "resolve">;
/** What posts the form once the person says yes: the page's navigation (the default) or a fetcher's submit. */
type Submit = (target: HTMLFormElement | HTMLButtonElement, options: { method: "post" }) => unknown;

/**
 * For a form whose action can't be undone: with JavaScript, its submit asks in the global dialog
 * first and posts only on Yes; without it, the form posts as it is.
 *   <Form method="post" onSubmit={askFirst({ title: "Cancel this booking?", … })}>
 * The question may be worked out from the form as it is sent (an amount typed into it, say) and the
 * button that sent it (a form with several); null means there is nothing to ask (the amount isn't
 * one, or that button needs no question), and the form goes on as it would have. Pass a fetcher's
 * `submit` to post through it:
 *   const askFirst = useAskFirst(fetcher.submit);
 */
export function useAskFirst(submitWith?: Submit) {
  const navigate = useSubmit();
  const submit = submitWith ?? navigate;
  return (question: Question | ((form: HTMLFormElement, submitter: HTMLButtonElement | null) => Question | null)) =>
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const sender = (event.nativeEvent as SubmitEvent).submitter;
      const submitter = sender instanceof HTMLButtonElement ? sender : null;
      const asking = typeof question === "function" ? question(form, submitter) : question;
      if (!asking) return;
      event.preventDefault();
      void confirm(asking).then((yes) => {
        // The button that was pressed goes with the form, with its name and value.
        if (yes) void submit(submitter ?? form, { method: "post" });
      });
    };
}
