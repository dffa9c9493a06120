import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import type { CampaignEmailBlock, CampaignEmailProps } from "~/services/emails/templates";
import { BRAND_PINK, COMPANY_LINE, paragraph } from "./layout";

const INK = "#1b1620";
const MUTED = "#5d5566";
const LINE = "#e4dfe8";
const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export const campaignSubject = ({ subject }: Pick<CampaignEmailProps, "subject">) => subject || "(no subject)";

/**
 * A host's marketing email (decision 0040): the host's name on top, their blocks in order, and a
 * footer that says who sent it, why, and how to stop it in one click.
 */
export function Campaign(props: CampaignEmailProps) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      {props.previewText ? <Preview>{props.previewText}</Preview> : null}
      <Body style={{ backgroundColor: "#f6f4f7", margin: 0, padding: "24px 0", fontFamily: FONT, color: INK }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "0 16px" }}>
          <Text style={{ margin: "0 0 16px", fontSize: "20px", lineHeight: "28px", fontWeight: 800, color: INK }}>
            {props.hostName}
          </Text>
          <Section
            style={{ backgroundColor: "#ffffff", border: `1px solid ${LINE}`, borderRadius: "16px", padding: "28px" }}
          >
            {props.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </Section>
          <Hr style={{ borderColor: LINE, margin: "24px 0 16px" }} />
          <Text style={footer}>
            You&apos;re receiving this because you bought tickets from {props.hostName} or joined their mailing list,
            and agreed to hear from them.
          </Text>
          <Text style={footer}>
            Don&apos;t want these?{" "}
            <Link href={props.unsubscribeUrl} style={{ color: MUTED, textDecoration: "underline" }}>
              Unsubscribe from {props.hostName}
            </Link>
          </Text>
          <Text style={{ ...footer, margin: 0 }}>Sent with {COMPANY_LINE}</Text>
          {props.openPixelUrl ? (
            <Img src={props.openPixelUrl} width="1" height="1" alt="" style={{ display: "block", border: 0 }} />
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

const footer = { margin: "0 0 8px", fontSize: "13px", lineHeight: "20px", color: MUTED } as const;

function Block({ block }: { block: CampaignEmailBlock }) {
  switch (block.kind) {
    case "heading":
      return (
        <Heading as="h2" style={{ margin: "0 0 12px", fontSize: "22px", lineHeight: "30px", fontWeight: 700 }}>
          {block.text}
        </Heading>
      );
    case "text":
      return (
        <>
          {block.text.split(/\n{2,}/).map((para, i) => (
            <Text key={i} style={{ ...paragraph, whiteSpace: "pre-line" }}>
              {para}
            </Text>
          ))}
        </>
      );
    case "button":
      return (
        <Section style={{ margin: "8px 0 20px" }}>
          <Button
            href={block.url}
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
            {block.label}
          </Button>
        </Section>
      );
    case "image":
      return (
        <Img
          src={block.url}
          alt={block.alt}
          width="100%"
          style={{ display: "block", width: "100%", maxWidth: "504px", borderRadius: "12px", margin: "0 0 16px" }}
        />
      );
    case "event":
      return (
        <Section style={{ border: `1px solid ${LINE}`, borderRadius: "12px", margin: "0 0 20px", overflow: "hidden" }}>
          {block.imageUrl ? (
            <Img src={block.imageUrl} alt="" width="100%" style={{ display: "block", width: "100%" }} />
          ) : null}
          <Section style={{ padding: "16px" }}>
            <Text style={{ margin: "0 0 4px", fontSize: "18px", lineHeight: "26px", fontWeight: 700 }}>
              <Link href={block.url} style={{ color: INK, textDecoration: "none" }}>
                {block.name}
              </Link>
            </Text>
            <Text style={{ margin: 0, fontSize: "15px", lineHeight: "22px", color: MUTED }}>{block.when}</Text>
            <Text style={{ margin: "0 0 12px", fontSize: "15px", lineHeight: "22px", color: MUTED }}>
              {block.where}
            </Text>
            <Row>
              <Column>
                {block.price ? (
                  <Text style={{ margin: 0, fontSize: "16px", fontWeight: 700 }}>{block.price}</Text>
                ) : null}
              </Column>
              <Column align="right">
                <Link href={block.url} style={{ color: BRAND_PINK, fontWeight: 600, textDecoration: "underline" }}>
                  Get tickets
                </Link>
              </Column>
            </Row>
          </Section>
        </Section>
      );
  }
}
