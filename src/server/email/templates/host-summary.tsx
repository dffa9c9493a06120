import { EmailLayout, Fact, Facts, P } from "./layout";
import type { HostSummaryProps } from "~/services/emails/templates";

export const hostSummarySubject = ({ kind, title }: Pick<HostSummaryProps, "kind" | "title">) =>
  kind === "month" ? `Your ${title} on Ticketyboo` : `How ${title} went`;

/**
 * A host's summary (issue 21): a month of their events, or one event once it is over, in the figures the
 * reports show, with a link to the full report. Sent only to hosts who asked for it in their email
 * preferences, where they can turn it off.
 */
export function HostSummary(props: HostSummaryProps) {
  const what = props.kind === "month" ? `your sales in ${props.title}` : `how ${props.title} went`;
  return (
    <EmailLayout
      preview={`${props.figures.map((f) => `${f.label}: ${f.value}`).join(", ")}.`}
      heading={props.kind === "month" ? `Your ${props.title}` : `How ${props.title} went`}
      action={{ label: "Open the full report", url: props.reportUrl }}
      afterAction="You can turn these summaries off in your account, under Marketing permissions."
      reason={`you asked for ${props.kind === "month" ? "monthly" : "event"} summaries as a host on Ticketyboo.`}
    >
      <P>Hello {props.hostName},</P>
      <P>Here is {what}, as your reports count it.</P>
      <Facts>
        {props.figures.map((f) => (
          <Fact key={f.label} label={f.label}>
            {f.value}
          </Fact>
        ))}
      </Facts>
      {props.topEvents.length > 0 ? (
        <>
          <P>
            <strong>Your best-selling events</strong>
          </P>
          <Facts>
            {props.topEvents.map((e) => (
              <Fact key={e.name} label={e.name}>
                {e.gross}
              </Fact>
            ))}
          </Facts>
        </>
      ) : null}
    </EmailLayout>
  );
}
