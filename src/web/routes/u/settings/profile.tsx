import { Accessibility, ExternalLink, ImageIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { toast } from "~/web/components/ui/toast";
import { uploadedImageRefusal } from "~/domain/image-rules";
import {
  ACCESS_NEED_LABELS,
  ACCESS_NEEDS,
  ACCESS_NOTES_MAX_LENGTH,
  checkAccessNeeds,
  accessNotesLength,
} from "~/domain/access-needs";
import {
  BIO_MAX_LENGTH,
  characterCount,
  normaliseBio,
  type ProfileInput,
  validateProfile,
} from "~/domain/profile-rules";
import { AppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import {
  isImageRefusal,
  processImageUpload,
  type ImagePurpose,
  type StoredImage,
} from "~/services/process-image-upload";
import {
  type AccessNeedsInput,
  getEditableProfile,
  profileProblemMessage,
  updateProfile,
  type ProfileImageChanges,
} from "~/services/update-profile";
import { ImagePicker } from "~/web/components/image-picker";
import { UsernameField } from "~/web/components/username-field";
import { SettingsLayout } from "~/web/components/settings-layout";
import { CheckboxField, FieldErrorCount, FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { countImageUpload } from "~/web/lib/image-uploads.server";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { PROFILE_FORM_MAX_BYTES } from "~/domain/request-limits";
import { requireUser } from "~/web/lib/signed-in.server";
import { useHydrated } from "~/web/lib/use-hydrated";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/profile";

export const handle = { title: "Profile" };
export const meta: Route.MetaFunction = () => [
  { title: "Profile settings · Ticketyboo" },
  { name: "description", content: "Your name, username, photo and the details other people see on Ticketyboo." },
];

const TEXT_FIELDS = ["firstName", "lastName", "username", "phone", "bio", "hostTitle"] as const;
const IMAGE_FIELDS = [
  { field: "image", removeField: "removeImage", purpose: "profile" },
  { field: "coverImage", removeField: "removeCoverImage", purpose: "cover" },
] as const satisfies readonly { field: string; removeField: string; purpose: ImagePurpose }[];

type FieldName = (typeof TEXT_FIELDS)[number] | (typeof IMAGE_FIELDS)[number]["field"] | "accessNotes";
type FieldErrors = Partial<Record<FieldName, string>>;

/** The form: its text fields, two image inputs (an empty one is no change) and their "remove" boxes. */
const ProfileForm = z.object({
  ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, field.text()])) as Record<
    (typeof TEXT_FIELDS)[number],
    ReturnType<typeof field.text>
  >),
  image: field.file(),
  coverImage: field.file(),
  removeImage: field.checkbox(),
  removeCoverImage: field.checkbox(),
  // Only the offered needs; the notes' length is the domain's rule, said beside the field.
  accessNeeds: field.list(z.enum(ACCESS_NEEDS), ACCESS_NEEDS.length),
  accessNotes: field.text(),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = requireUser(context, request);
  const profile = await getEditableProfile(context.database.db, me.id);
  return { userId: me.id, profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser(context, request);
  const { db } = context.database;
  const read = await readForm(request, ProfileForm, { maxBytes: PROFILE_FORM_MAX_BYTES });
  if (!read.ok)
    return actionError(read.error, {
      extra: { ok: false as const, values: null, access: null },
      words: { too_large: messages.images.tooLarge },
    });
  const form = read.data;
  const input: ProfileInput = Object.fromEntries(
    TEXT_FIELDS.map((name) => [name, form[name]]),
  ) as unknown as ProfileInput;
  const access: AccessNeedsInput = { needs: form.accessNeeds, notes: form.accessNotes };
  // The page shows refusals next to the fields, with what was sent.
  const refuse = (fields: FieldErrors) =>
    actionError(new AppError("validation_failed", Object.values(fields)[0], { fields }), {
      extra: { ok: false as const, values: input, access },
    });

  // Check everything cheap first, so one answer names every problem and no image is decoded in vain.
  const current = await getEditableProfile(db, me.id);
  const fieldErrors: FieldErrors = {};
  const checked = validateProfile(input, { isHost: current.userType === "host" });
  if (!checked.ok) for (const p of checked.problems) fieldErrors[p.field] ??= profileProblemMessage(p);
  if (!checkAccessNeeds(access).ok) fieldErrors.accessNotes = messages.profile.accessNotesTooLong;

  const uploads: { field: FieldName; purpose: ImagePurpose; bytes: Uint8Array }[] = [];
  const images: ProfileImageChanges = {};
  for (const { field, removeField, purpose } of IMAGE_FIELDS) {
    const file = form[field];
    if (file) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const refusal = uploadedImageRefusal(bytes);
      if (refusal) fieldErrors[field] = refusal;
      else uploads.push({ field, purpose, bytes });
    } else if (form[removeField]) {
      images[field] = null;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return refuse(fieldErrors);

  const stored: StoredImage[] = [];
  const discardStored = () => Promise.all(stored.map((s) => context.storage.remove(s.key).catch(() => undefined)));
  try {
    for (const upload of uploads) {
      try {
        await countImageUpload(context, me.id, upload.field);
        const image = await processImageUpload(context.storage, {
          userId: me.id,
          purpose: upload.purpose,
          bytes: upload.bytes,
          field: upload.field,
        });
        stored.push(image);
        images[upload.field as "image" | "coverImage"] = image.url;
      } catch (error) {
        if (!isImageRefusal(error)) throw error;
        fieldErrors[upload.field] = error.message;
      }
    }
    if (Object.keys(fieldErrors).length > 0) {
      await discardStored();
      return refuse(fieldErrors);
    }

    const result = await updateProfile(db, { userId: me.id, input, images, access, now: new Date() });
    // The old files go only once the profile no longer points at them.
    await Promise.all(result.discardedImageKeys.map((key) => context.storage.remove(key).catch(() => undefined)));
    return { ok: true as const, savedAt: Date.now(), changed: result.changed };
  } catch (error) {
    await discardStored();
    return actionError(error, { extra: { ok: false as const, values: input, access } });
  }
}

function initialsOf(first: string, last: string, fallback: string): string {
  const letters = [first, last].map((part) => part.trim()[0] ?? "").join("");
  return (letters || fallback.trim()[0] || "?").toUpperCase();
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, userId } = loaderData;
  const isHost = profile.userType === "host";
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/u/settings/profile");
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef);

  const failed = actionData && !actionData.ok ? actionData : null;
  const { formError, fieldErrors: errors } = refusalOf(failed) as {
    formError: string | null;
    fieldErrors: FieldErrors;
  };
  // After a refused save, the page shows what was sent, so nothing typed is lost (even without JavaScript).
  const values: ProfileInput = failed?.values ?? profile;
  const access: AccessNeedsInput = failed?.access ?? {
    needs: profile.accessNeeds?.needs ?? [],
    notes: profile.accessNeeds?.notes ?? "",
  };
  const savedAt = actionData?.ok ? actionData.savedAt : 0;

  useEffect(() => {
    if (actionData?.ok)
      toast.success(actionData.changed ? messages.profile.saved : messages.preferences.nothingToChange);
    if (actionData && !actionData.ok) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [actionData]);

  const [bioCount, setBioCount] = useState(() => characterCount(normaliseBio(values.bio)));
  useEffect(() => setBioCount(characterCount(normaliseBio(values.bio))), [values.bio, savedAt]);
  const [notesCount, setNotesCount] = useState(() => accessNotesLength(access.notes));
  useEffect(() => setNotesCount(accessNotesLength(access.notes)), [access.notes, savedAt]);

  const initials = initialsOf(values.firstName, values.lastName, profile.email);
  const errorCount = Object.keys(errors).length;

  return (
    <SettingsLayout
      title="Profile"
      description={
        <>
          How you appear on Ticketyboo.{" "}
          <Link to={`/user/${userId}`} className="link inline-flex items-center gap-1">
            View your public profile <ExternalLink aria-hidden className="size-3.5" />
          </Link>
        </>
      }
    >
      {/* A successful save remounts the form, so it shows the saved (cleaned) values and empty file inputs. */}
      <Form
        key={savedAt}
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="max-w-2xl space-y-6"
        noValidate
      >
        {formError ? <FormMessage>{formError}</FormMessage> : null}
        <FieldErrorCount count={errorCount} />

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
            fallback={<span aria-hidden>{initials}</span>}
            hint="JPEG or PNG, up to 10MB. We crop it to a circle."
            error={errors.image}
          />
          <ImagePicker
            name="coverImage"
            removeName="removeCoverImage"
            legend="Cover image"
            noun="cover"
            shape="wide"
            current={profile.coverImage}
            fallback={
              <div
                className="grid size-full place-items-center bg-gradient-to-br from-brand-soft via-surface-2
                to-surface-2 text-sm text-fg-muted"
              >
                <span className="inline-flex items-center gap-2">
                  <ImageIcon aria-hidden className="size-4" /> No cover image yet
                </span>
              </div>
            }
            hint="JPEG or PNG, up to 10MB. Shown across the top of your profile; wide images work best."
            error={errors.coverImage}
          />
        </section>

        <section aria-labelledby="about-heading" className="card space-y-5 p-5 tablet:p-6">
          <h2 id="about-heading" className="text-lg font-bold">
            About you
          </h2>
          <div className="grid gap-5 tablet:grid-cols-2">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              defaultValue={values.firstName}
              error={errors.firstName}
              required
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              defaultValue={values.lastName}
              error={errors.lastName}
              required
            />
          </div>
          {isHost ? (
            <TextField
              label="Host name"
              name="hostTitle"
              autoComplete="organization"
              defaultValue={values.hostTitle}
              error={errors.hostTitle}
              hint="The name on your events and booking page, e.g. your venue, promoter or collective."
              required
            />
          ) : null}
          <UsernameField initial={values.username} saved={profile.username} isHost={isHost} error={errors.username} />
          <TextAreaField
            label="Bio"
            name="bio"
            aside="(optional)"
            rows={5}
            defaultValue={values.bio}
            error={errors.bio}
            onChange={(e) => setBioCount(characterCount(normaliseBio(e.currentTarget.value)))}
            hint={
              <span className={bioCount > BIO_MAX_LENGTH ? "font-medium text-danger" : undefined}>
                {bioCount}/{BIO_MAX_LENGTH} characters
              </span>
            }
            placeholder={isHost ? "What kind of nights do you put on?" : "A line or two about what you love going to."}
          />
        </section>

        <section aria-labelledby="contact-heading" className="card space-y-5 p-5 tablet:p-6">
          <div>
            <h2 id="contact-heading" className="text-lg font-bold">
              Contact details
            </h2>
            <p className="mt-1 text-sm text-fg-muted">Private: never shown on your public profile.</p>
          </div>
          <div>
            <p className="text-sm font-medium" id="email-label">
              Email
            </p>
            <p
              aria-labelledby="email-label"
              className="mt-1 flex min-h-11 items-center rounded-xl border border-border bg-surface-2 px-3 break-all
                text-fg"
            >
              {profile.email}
            </p>
            <p className="mt-1 text-xs text-fg-muted">
              To change it, go to{" "}
              <Link to="/u/settings/security" className="link">
                Security
              </Link>
              .
            </p>
          </div>
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            aside="(optional)"
            defaultValue={values.phone}
            error={errors.phone}
            hint="UK or international, e.g. 07700 900123."
          />
        </section>

        <section aria-labelledby="access-heading" className="card space-y-5 p-5 tablet:p-6">
          <div>
            <h2 id="access-heading" className="flex items-center gap-2 text-lg font-bold">
              <Accessibility aria-hidden className="size-5 text-brand" /> Access needs
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              Private: only you see these. Save them once and, when you book, you can choose to share them with that
              event's host. We never share them unless you tick the box at checkout.
            </p>
          </div>
          <fieldset>
            <legend className="text-sm font-medium">
              What helps you enjoy an event? <span className="font-normal text-fg-muted">(optional)</span>
            </legend>
            <div className="mt-2 grid gap-3 tablet:grid-cols-2">
              {ACCESS_NEEDS.map((need) => (
                <CheckboxField
                  key={need}
                  name="accessNeeds"
                  value={need}
                  label={ACCESS_NEED_LABELS[need]}
                  defaultChecked={access.needs.includes(need)}
                />
              ))}
            </div>
          </fieldset>
          <TextAreaField
            label="Anything else the host should know"
            name="accessNotes"
            aside="(optional)"
            rows={3}
            defaultValue={access.notes}
            error={errors.accessNotes}
            onChange={(e) => setNotesCount(accessNotesLength(e.currentTarget.value))}
            hint={
              <span className={notesCount > ACCESS_NOTES_MAX_LENGTH ? "font-medium text-danger" : undefined}>
                {notesCount}/{ACCESS_NOTES_MAX_LENGTH} characters
              </span>
            }
            placeholder="For example: I use a powered wheelchair and need a space near the exit."
          />
        </section>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save profile"}
          </button>
          {dirty && !busy ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
        </div>
        {/* With JavaScript a toast says so; without it, this does. */}
        {actionData?.ok && !hydrated ? (
          <FormMessage tone="success">
            {actionData.changed ? messages.profile.saved : messages.preferences.nothingToChange}
          </FormMessage>
        ) : null}
      </Form>
    </SettingsLayout>
  );
}
