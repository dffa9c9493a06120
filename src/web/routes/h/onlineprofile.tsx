import { BadgeCheck, ExternalLink, ImageIcon, Link2, Palette, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { SOCIAL_LINK_MAX_LENGTH, SOCIAL_NETWORK_RULES, SOCIAL_NETWORKS } from "~/domain/host-profile";
import { uploadedImageRefusal } from "~/domain/image-rules";
import { BIO_MAX_LENGTH } from "~/domain/profile-rules";
import { PROFILE_FORM_MAX_BYTES } from "~/domain/request-limits";
import { AppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import {
  getOnlineProfile,
  mayChangeMoneyAndBrand,
  onlineProfileProblems,
  saveBrandColors,
  saveOnlineProfile,
} from "~/services/host-online-profile";
import {
  isImageRefusal,
  processImageUpload,
  type ImagePurpose,
  type StoredImage,
} from "~/services/process-image-upload";
import { hostSettingsMessages } from "~/texts/host-settings-messages";
import { messages } from "~/texts/messages";
import { colorValues, ColorsForm } from "~/web/components/host-profile/brand-colors-fields";
import { SocialIcon } from "~/web/components/host-profile/social-icon";
import { ImagePicker } from "~/web/components/image-picker";
import { FieldErrorCount, FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { countImageUpload } from "~/web/lib/image-uploads.server";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { chatSupport } from "~/web/lib/site-links";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import type { Route } from "./+types/onlineprofile";

export const handle = { title: "Online profile" };
export const meta: Route.MetaFunction = () => [
  { title: "Online profile · Partner Studio · Ticketyboo" },
  { name: "description", content: "Your public host page: the bio, pictures and links buyers see." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const profile = await getOnlineProfile(context.database.db, hostId);
  return { profile, canChangeColors: mayChangeMoneyAndBrand(role) };
}

const socialFields = Object.fromEntries(
  SOCIAL_NETWORKS.map((n) => [n, field.text(SOCIAL_LINK_MAX_LENGTH * 2)]),
) as Record<(typeof SOCIAL_NETWORKS)[number], ReturnType<typeof field.text>>;

/** Two forms: the profile (text, links and two images) and the brand colours (owners only). */
const OnlineProfileForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("profile"),
    hostTitle: field.text(400),
    bio: field.text(4000),
    image: field.file(),
    coverImage: field.file(),
    removeImage: field.checkbox(),
    removeCoverImage: field.checkbox(),
    ...socialFields,
  }),
  z.object({ intent: z.literal("colors"), brandColor: field.text(40), accentColor: field.text(40) }),
]);

const IMAGES = [
  { field: "image", removeField: "removeImage", purpose: "profile" },
  { field: "coverImage", removeField: "removeCoverImage", purpose: "cover" },
] as const satisfies readonly { field: string; removeField: string; purpose: ImagePurpose }[];

type Sent = { intent: string; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = await readForm(request, OnlineProfileForm, { maxBytes: PROFILE_FORM_MAX_BYTES });
  if (!read.ok) {
    const values = Object.fromEntries(
      Object.entries(read.values).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    return actionError(read.error, {
      extra: { ok: false as const, intent: values.intent ?? "", values },
      words: { too_large: messages.images.tooLarge },
    });
  }
  const form = read.data;
  const now = new Date();

  if (form.intent === "colors") {
    const values = { brandColor: form.brandColor, accentColor: form.accentColor };
    try {
      const saved = await saveBrandColors(db, { hostId, role, colors: values, now });
      return { ok: true as const, intent: form.intent, changed: saved.changed, savedAt: now.getTime() };
    } catch (error) {
      return actionError(error, { extra: { ok: false as const, intent: form.intent, values } });
    }
  }

  const social = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, form[n]]));
  const profile = { hostTitle: form.hostTitle, bio: form.bio, social };
  const values: Record<string, string> = { hostTitle: form.hostTitle, bio: form.bio, ...social };
  const refuse = (fields: Record<string, string>) =>
    actionError(new AppError("validation_failed", Object.values(fields)[0], { fields }), {
      extra: { ok: false as const, intent: form.intent, values },
    });
  // Everything cheap first, so one answer names every problem and no image is decoded in vain.
  const fieldErrors: Record<string, string> = { ...onlineProfileProblems(profile) } as Record<string, string>;
  const uploads: { field: "image" | "coverImage"; purpose: ImagePurpose; bytes: Uint8Array }[] = [];
  const images: { image?: string | null; coverImage?: string | null } = {};
  for (const { field: name, removeField, purpose } of IMAGES) {
    const file = form[name];
    if (file) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const refusal = uploadedImageRefusal(bytes);
      if (refusal) fieldErrors[name] = refusal;
      else uploads.push({ field: name, purpose, bytes });
    } else if (form[removeField]) images[name] = null;
  }
  if (Object.keys(fieldErrors).length > 0) return refuse(fieldErrors);

  const stored: StoredImage[] = [];
  const discardStored = () => Promise.all(stored.map((s) => context.storage.remove(s.key).catch(() => undefined)));
  try {
    for (const upload of uploads) {
      try {
        await countImageUpload(context, hostId, upload.field);
        // Stored under the host's own prefix (a manager uploads for the host, as with event pictures).
        const image = await processImageUpload(context.storage, {
          userId: hostId,
          purpose: upload.purpose,
          bytes: upload.bytes,
          field: upload.field,
        });
        stored.push(image);
        images[upload.field] = image.url;
      } catch (error) {
        if (!isImageRefusal(error)) throw error;
        fieldErrors[upload.field] = error.message;
      }
    }
    if (Object.keys(fieldErrors).length > 0) {
      await discardStored();
      return refuse(fieldErrors);
    }
    const result = await saveOnlineProfile(db, { hostId, profile, images, now });
    await Promise.all(result.discardedImageKeys.map((key) => context.storage.remove(key).catch(() => undefined)));
    return { ok: true as const, intent: form.intent, changed: result.changed, savedAt: now.getTime() };
  } catch (error) {
    await discardStored();
    return actionError(error, { extra: { ok: false as const, intent: form.intent, values } });
  }
}

function initialsOf(name: string) {
  return (
    name
      .split(/\s+/)
      .map((w) => w[0] ?? "")
      .join("")
      .slice(0, 2)
      .toUpperCase() || "?"
  );
}

export default function OnlineProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, canChangeColors } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const colorsRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef, colorsRef);
  const answer = actionData as
    ({ ok: true; intent: string; changed: boolean; savedAt: number } | ({ ok: false } & Sent)) | undefined;
  const failed = answer && !answer.ok ? answer : null;
  const refusal = refusalOf(failed);
  const profileRefusal = failed?.intent === "profile" ? refusal : null;
  const colorRefusal = failed?.intent === "colors" ? refusal : null;
  const sent = (name: string, fallback: string) =>
    failed?.intent === "profile" ? (failed.values[name] ?? fallback) : fallback;
  const savedAt = answer?.ok ? answer.savedAt : 0;
  // The forms remount when a save is answered and again when the page's data has been read afresh
  // (React Router answers the action first), so they always start from what is saved.
  const version = `${savedAt}-${JSON.stringify(profile)}`;
  const errorCount = Object.keys(profileRefusal?.fieldErrors ?? {}).length;

  useEffect(() => {
    if (answer?.ok)
      toast.success(
        !answer.changed
          ? hostSettingsMessages.nothingChanged
          : answer.intent === "colors"
            ? hostSettingsMessages.colorsSaved
            : hostSettingsMessages.profileSaved,
      );
    if (failed) document.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [answer, failed]);

  return (
    <div className="py-8 laptop:py-10">
      <p className="text-sm font-semibold text-brand">Partner Studio</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Online profile</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        What people see on your public profile and booking pages.{" "}
        <Link
          to={profile.username ? `/${profile.username}` : `/user/${profile.hostId}`}
          className="link inline-flex items-center gap-1"
        >
          View your booking page <ExternalLink aria-hidden className="size-3.5" />
        </Link>
      </p>

      <section aria-labelledby="badge-heading" className="card mt-6 max-w-3xl p-5 tablet:p-6">
        <h2 id="badge-heading" className="flex items-center gap-2 text-lg font-bold">
          <ShieldCheck aria-hidden className="size-5 text-brand" /> Verified badge
        </h2>
        {profile.isVerified ? (
          <p className="mt-2 flex items-center gap-2 font-medium text-success">
            <BadgeCheck aria-hidden className="size-5" /> You&apos;re verified.{" "}
            <span className="font-normal text-fg-muted">The badge shows beside your name across Ticketyboo.</span>
          </p>
        ) : (
          <>
            <p className="mt-2 font-medium">Not verified yet</p>
            <p className="mt-1 text-sm text-fg-muted">
              The badge tells buyers we have checked who you are. To apply, contact support with documents that show who
              you are and that you run {profile.hostTitle || "these events"}: photo ID, and a business registration,
              venue agreement or a link to your official page. Our staff check them and grant the badge, usually within
              a few working days.
            </p>
            <Link to={chatSupport(true)} className="btn-secondary mt-3">
              Contact support to apply
            </Link>
          </>
        )}
      </section>

      <Form
        key={`profile-${version}`}
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-6 max-w-3xl space-y-6"
        noValidate
        aria-label="Online profile"
      >
        <input type="hidden" name="intent" value="profile" />
        {profileRefusal?.formError ? <FormMessage>{profileRefusal.formError}</FormMessage> : null}
        <FieldErrorCount count={errorCount} />
        <section aria-labelledby="about-heading" className="card space-y-5 p-5 tablet:p-6">
          <h2 id="about-heading" className="text-lg font-bold">
            About
          </h2>
          <TextField
            label="Host name"
            name="hostTitle"
            autoComplete="organization"
            defaultValue={sent("hostTitle", profile.hostTitle)}
            error={profileRefusal?.fieldErrors.hostTitle}
            hint="The name on your events and profile: your venue, promoter or collective."
            required
          />
          <TextAreaField
            label="Bio"
            name="bio"
            aside="(optional)"
            rows={5}
            defaultValue={sent("bio", profile.bio)}
            error={profileRefusal?.fieldErrors.bio}
            hint={`Up to ${BIO_MAX_LENGTH} characters.`}
            placeholder="What kind of nights do you put on?"
          />
        </section>

        <section aria-labelledby="images-heading" className="card space-y-6 p-5 tablet:p-6">
          <h2 id="images-heading" className="text-lg font-bold">
            Images
          </h2>
          <ImagePicker
            name="image"
            removeName="removeImage"
            legend="Profile image"
            noun="photo"
            shape="round"
            current={profile.image}
            fallback={<span aria-hidden>{initialsOf(profile.hostTitle)}</span>}
            hint="JPEG or PNG, up to 10MB. We crop it to a circle."
            error={profileRefusal?.fieldErrors.image}
          />
          <ImagePicker
            name="coverImage"
            removeName="removeCoverImage"
            legend="Cover image"
            noun="cover"
            shape="wide"
            current={profile.coverImage}
            fallback={
              <div className="grid size-full place-items-center bg-surface-2 text-sm text-fg-muted">
                <span className="inline-flex items-center gap-2">
                  <ImageIcon aria-hidden className="size-4" /> No cover image yet
                </span>
              </div>
            }
            hint="JPEG or PNG, up to 10MB. Shown across the top of your profile; wide images work best."
            error={profileRefusal?.fieldErrors.coverImage}
          />
        </section>

        <section aria-labelledby="links-heading" className="card space-y-5 p-5 tablet:p-6">
          <div>
            <h2 id="links-heading" className="flex items-center gap-2 text-lg font-bold">
              <Link2 aria-hidden className="size-5 text-brand" /> Social links
            </h2>
            <p className="mt-1 text-sm text-fg-muted">Leave any empty. Each must be an address on that network.</p>
          </div>
          <div className="grid gap-5 tablet:grid-cols-2">
            {SOCIAL_NETWORKS.map((network) => (
              <TextField
                key={network}
                name={network}
                type="url"
                inputMode="url"
                autoComplete="off"
                label={
                  <span className="inline-flex items-center gap-2">
                    <SocialIcon network={network} className="size-4" /> {SOCIAL_NETWORK_RULES[network].label}
                  </span>
                }
                placeholder={SOCIAL_NETWORK_RULES[network].example}
                defaultValue={sent(network, profile.socialLinks[network] ?? "")}
                error={profileRefusal?.fieldErrors[network]}
              />
            ))}
          </div>
        </section>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && navigation.formData?.get("intent") === "profile" ? "Saving…" : "Save profile"}
          </button>
          {dirty && !busy ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
        </div>
      </Form>

      <section aria-labelledby="colors-heading" className="card mt-6 max-w-3xl p-5 tablet:p-6">
        <h2 id="colors-heading" className="flex items-center gap-2 text-lg font-bold">
          <Palette aria-hidden className="size-5 text-brand" /> Brand colours
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Used on your public profile, booking widget and signage. Text on them must stay readable, so we check each
          colour against white and dark text.
          {canChangeColors ? "" : ` ${hostSettingsMessages.ownersOnly}`}
        </p>
        <ColorsForm
          key={`colors-${version}`}
          values={
            colorRefusal && failed
              ? { brandColor: failed.values.brandColor ?? "", accentColor: failed.values.accentColor ?? "" }
              : colorValues(profile.colors)
          }
          errors={colorRefusal?.fieldErrors ?? {}}
          formError={colorRefusal?.formError ?? null}
          canChange={canChangeColors}
          busy={busy}
          formRef={colorsRef}
        />
      </section>
    </div>
  );
}
