import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

/**
 * The one frame every Ticketyboo email shares: the wordmark in text, a heading, a few short
 * paragraphs, one pink button with its link also spelled out for copying, and a footer saying why
 * the person got it. No images or web fonts: nothing to load, nothing for a mail client to block.
 */
export const BRAND_PINK = "#c8175f";
const INK = "#1b1620";
const MUTED = "#5d5566";
const LINE = "#e4dfe8";
const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export const COMPANY_LINE = "Ticketyboo · tickets for the UK grassroots scene";

export interface EmailAction {
  label: string;
  url: string;
}

export interface EmailLayoutProps {
  /** The line most inboxes show after the subject. */
  preview: string;
  heading: string;
  action: EmailAction;
  /** Said under the button, e.g. when the link stops working. */
  afterAction?: ReactNode;
  /** Completes "You're receiving this because …". */
  reason: string;
  /** For emails a person can turn off: a one-click link that does so. */
  unsubscribeUrl?: string;
  children: ReactNode;
}

export function EmailLayout({
  preview,
  heading,
  action,
  afterAction,
  reason,
  unsubscribeUrl,
  children,
}: EmailLayoutProps) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f6f4f7", margin: 0, padding: "24px 0", fontFamily: FONT, color: INK }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "0 16px" }}>
          <Text
            style={{
              margin: "0 0 16px",
              fontSize: "24px",
              lineHeight: "32px",
              fontWeight: 800,
              letterSpacing: "-0.02em",
              color: BRAND_PINK,
            }}
          >
            Ticketyboo
          </Text>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${LINE}`,
              borderRadius: "16px",
              padding: "32px 28px",
            }}
          >
            <Heading
              as="h1"
              style={{ margin: "0 0 16px", fontSize: "24px", lineHeight: "32px", fontWeight: 700, color: INK }}
            >
              {heading}
            </Heading>
            {children}
            <Section style={{ margin: "28px 0 8px" }}>
              <Button
                href={action.url}
                style={{
                  backgroundColor: BRAND_PINK,
                  color: "#ffffff",
                  borderRadius: "999px",
                  padding: "12px 24px",
                  fontSize: "16px",
                  lineHeight: "24px",
                  fontWeight: 600,
                  textDecoration: "none",
                  display: "inline-block",
                }}
              >
                {action.label}
              </Button>
            </Section>
            {afterAction ? (
              <Text style={{ ...paragraph, color: MUTED, fontSize: "14px", lineHeight: "22px" }}>{afterAction}</Text>
            ) : null}
            <Text style={{ ...paragraph, margin: "20px 0 4px", color: MUTED, fontSize: "14px", lineHeight: "22px" }}>
              If the button doesn't work, copy this link into your browser:
            </Text>
            <Text style={{ margin: 0, fontSize: "14px", lineHeight: "22px", wordBreak: "break-all" }}>
              <Link href={action.url} style={{ color: BRAND_PINK, textDecoration: "underline" }}>
                {action.url}
              </Link>
            </Text>
          </Section>
          <Hr style={{ borderColor: LINE, margin: "24px 0 16px" }} />
          <Text style={{ margin: "0 0 8px", fontSize: "13px", lineHeight: "20px", color: MUTED }}>
            You&apos;re receiving this because {reason}
          </Text>
          {unsubscribeUrl ? (
            <Text style={{ margin: "0 0 8px", fontSize: "13px", lineHeight: "20px", color: MUTED }}>
              Don&apos;t want these?{" "}
              <Link href={unsubscribeUrl} style={{ color: MUTED, textDecoration: "underline" }}>
                Unsubscribe
              </Link>
            </Text>
          ) : null}
          <Text style={{ margin: 0, fontSize: "13px", lineHeight: "20px", color: MUTED }}>{COMPANY_LINE}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { margin: "0 0 12px", fontSize: "16px", lineHeight: "26px" } as const;

/** A short paragraph in the email's body style. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** The facts of a booking, one to a line: `<Facts><Fact label="When">…</Fact></Facts>`. */
export function Facts({ children }: { children: ReactNode }) {
  return <Section style={{ margin: "0 0 16px" }}>{children}</Section>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ margin: 0, fontSize: "15px", lineHeight: "24px" }}>
      <strong>{label}:</strong> {children}
    </Text>
  );
}

/** An online event's link, for the people holding its tickets: shown whole, so it can be copied too. */
export function JoinFact({ url }: { url: string }) {
  return (
    <Fact label="Join online">
      <a href={url}>{url}</a>
    </Fact>
  );
}
