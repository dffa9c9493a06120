import { CalendarPlus, LayoutDashboard, Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { uploadedImageRefusal } from "~/domain/image-rules";
import {
  BIO_MAX_LENGTH,
  characterCount,
  type HostOnboardingInput,
  normaliseBio,
  validateHostOnboarding,
} from "~/domain/profile-rules";
import { PROFILE_FORM_MAX_BYTES } from "~/domain/request-limits";
import { AppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { becomeHost } from "~/services/become-host";
import { isImageRefusal, processImageUpload, type StoredImage } from "~/services/process-image-upload";
import { getEditableProfile, profileProblemMessage } from "~/services/update-profile";
import { messages } from "~/texts/messages";
import { studioMessages } from "~/texts/studio-messages";
import { ImagePicker } from "~/web/components/image-picker";
import { FieldErrorCount, FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { UsernameField } from "~/web/components/username-field";
import { countImageUpload } from "~/web/lib/image-uploads.server";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/onboarding";

export const handle = { title: "Become a Partner" };
export const meta: Route.MetaFunction = () => [
  { title: "Become a Partner · Partner Studio · Ticketyboo" },
  { name: "description", content: "Become a Ticketyboo partner: set up your host profile and start selling tickets." },
  { name: "robots", content: "noindex" },
];

type FieldName = keyof HostOnboardingInput | "image";
type FieldErrors = Partial<Record<FieldName, string>>;

const OnboardingForm = z.object({
  hostTitle: field.text(),
  username: field.text(),
  bio: field.text(),
  image: field.file(),
});

/** Onboarding is done once the account is a host with a host name and a username. */
const onboarded = (p: { userType: string; hostTitle: string; username: string }) =>
  p.userType === "host" && p.hostTitle.trim() !== "" && p.username !== "";

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = requireUser(context, request);
  const profile = await getEditableProfile(context.database.db, me.id);
  if (onboarded(profile)) throw redirect("/h/dashboard");
  return {
    // A host made at sign-up finishes here; what they have so far is filled in.
    values: { hostTitle: profile.hostTitle, username: profile.username, bio: profile.bio },
    image: profile.image,
    initials: (profile.firstName[0] ?? profile.email[0] ?? "?").toUpperCase(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser(context, request);
  const { db } = context.database;
  if (onboarded(await getEditableProfile(db, me.id))) throw redirect("/h/dashboard");
  const read = await readForm(request, OnboardingForm, { maxBytes: PROFILE_FORM_MAX_BYTES });
  if (!read.ok)
    return actionError(read.error, { extra: { values: null }, words: { too_large: messages.images.tooLarge } });
  const values: HostOnboardingInput = {
    hostTitle: read.data.hostTitle,
    username: read.data.username,
    bio: read.data.bio,
  };
  // Refusals go beside their fields, with what was sent, so nothing typed is lost.
  const refuse = (fields: FieldErrors) =>
    actionError(new AppError("validation_failed", Object.values(fields)[0], { fields }), { extra: { values } });

  // Everything cheap first, so one answer names every problem and no image is decoded in vain.
  const fieldErrors: FieldErrors = {};
  const checked = validateHostOnboarding(values);
  if (!checked.ok) for (const p of checked.problems) fieldErrors[p.field] ??= profileProblemMessage(p);
  let bytes: Uint8Array | null = null;
  if (read.data.image) {
    bytes = new Uint8Array(await read.data.image.arrayBuffer());
    const refusal = uploadedImageRefusal(bytes);
    if (refusal) fieldErrors.image = refusal;
  }
  if (Object.keys(fieldErrors).length > 0) return refuse(fieldErrors);

  let stored: StoredImage | null = null;
  try {
    if (bytes) {
      await countImageUpload(context, me.id, "image");
      stored = await processImageUpload(context.storage, { userId: me.id, purpose: "profile", bytes, field: "image" });
    }
    const result = await becomeHost(db, { userId: me.id, form: values, image: stored?.url, now: new Date() });
    if (result.discardedImageKey) await context.storage.remove(result.discardedImageKey).catch(() => undefined);
  } catch (error) {
    if (stored) await context.storage.remove(stored.key).catch(() => undefined);
    if (isImageRefusal(error)) return actionError(error, { extra: { values } });
    throw error;
  }
  throw redirect("/h/dashboard", {
    headers: setFlash(new Headers(), { tone: "success", text: studioMessages.onboarded }),
  });
}

const STEPS = [
  { Icon: Store, text: "Your host profile: the name and face buyers see on your events." },
  { Icon: CalendarPlus, text: "Then your first event and its tickets, published when you're ready." },
  { Icon: LayoutDashboard, text: "Partner Studio shows your sales, orders and anything that needs you." },
];

export default function HostOnboarding({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/h/onboarding");
  const formRef = useRef<HTMLFormElement>(null);
  const { formError, fieldErrors } = refusalOf(actionData) as { formError: string | null; fieldErrors: FieldErrors };
  const values = actionData?.values ?? loaderData.values;
  const errorCount = Object.keys(fieldErrors).length;
  const [bioCount, setBioCount] = useState(() => characterCount(normaliseBio(values.bio)));

  useEffect(() => {
    if (actionData) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [actionData]);

  return (
    <div className="container-page py-8 laptop:py-12">
      <div className="mx-auto grid max-w-5xl gap-8 laptop:grid-cols-[minmax(0,1fr)_18rem] laptop:gap-12">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand">Partner Studio</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Become a Partner</h1>
          <p className="mt-2 max-w-2xl text-fg-muted">
            Sell tickets for your gigs, quizzes, workshops and fundraisers. Tell buyers who's hosting: you can change
            any of this later in your profile settings.
          </p>

          <Form
            ref={formRef}
            method="post"
            encType="multipart/form-data"
            noValidate
            className="mt-8 space-y-6"
            aria-label="Host profile"
          >
            {formError ? <FormMessage>{formError}</FormMessage> : null}
            <FieldErrorCount count={errorCount} />
            <section aria-labelledby="host-heading" className="card space-y-5 p-5 tablet:p-6">
              <h2 id="host-heading" className="text-lg font-bold">
                Your host profile
              </h2>
              <TextField
                label="Host name"
                name="hostTitle"
                autoComplete="organization"
                defaultValue={values.hostTitle}
                error={fieldErrors.hostTitle}
                hint="The name on your events and booking page: your venue, promoter name or collective."
                required
              />
              <UsernameField
                initial={values.username}
                saved={loaderData.values.username}
                isHost
                error={fieldErrors.username}
                hint="Lowercase letters, numbers, _ and -, 3 to 30 characters. Your booking page's address."
              />
              <TextAreaField
                label="Short bio"
                name="bio"
                aside="(optional)"
                rows={4}
                defaultValue={values.bio}
                error={fieldErrors.bio}
                placeholder="What kind of nights do you put on?"
                onChange={(e) => setBioCount(characterCount(normaliseBio(e.currentTarget.value)))}
                hint={
                  <span className={bioCount > BIO_MAX_LENGTH ? "font-medium text-danger" : undefined}>
                    {bioCount}/{BIO_MAX_LENGTH} characters
                  </span>
                }
              />
            </section>
            <section aria-labelledby="photo-heading" className="card space-y-4 p-5 tablet:p-6">
              <h2 id="photo-heading" className="text-lg font-bold">
                Your photo or logo <span className="text-sm font-normal text-fg-muted">(optional)</span>
              </h2>
              <ImagePicker
                name="image"
                removeName="removeImage"
                legend="Profile image"
                noun="photo"
                shape="round"
                current={loaderData.image}
                fallback={<span aria-hidden>{loaderData.initials}</span>}
                hint="JPEG or PNG, up to 10MB. A logo or a photo; we crop it to a circle."
                error={fieldErrors.image}
              />
            </section>
            <button type="submit" className="btn-primary w-full tablet:w-auto" disabled={busy}>
              {busy ? "Setting up…" : "Open my Partner Studio"}
            </button>
          </Form>
        </div>
        <aside aria-labelledby="steps-heading" className="card h-fit p-5 laptop:sticky laptop:top-24">
          <h2 id="steps-heading" className="font-bold">
            From sign-up to selling
          </h2>
          <ol className="mt-4 space-y-4 text-sm">
            {STEPS.map(({ Icon, text }, i) => (
              <li key={i} className="flex gap-3">
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
                  <Icon aria-hidden className="size-4" />
                </span>
                <span className="text-fg-muted">{text}</span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  );
}
