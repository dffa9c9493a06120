import { LocateFixed, MapPin } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { LatLng } from "~/domain/discovery";
import { ACCESS_FEATURES, type AccessFeature } from "~/domain/venue-access";
import type { VenueFormValues } from "~/domain/venue-form";
import { inUk, pinForTown, VENUE_LIMITS, type VenueField } from "~/domain/venue-rules";
import { accessLabels } from "~/texts/venue-messages";
import { TextAreaField, TextField } from "~/web/components/ui/field";
import { ACCESS_ICONS } from "~/web/components/venues/access-info";
import { useHydrated } from "~/web/lib/use-hydrated";

const VenuePinMap = lazy(() => import("./venue-pin-map").then((m) => ({ default: m.VenuePinMap })));

const labels = accessLabels;
const ANSWERS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
  { value: "", label: "Not sure" },
] as const;

const NO_MAP = "The map needs JavaScript. Without it, we put the pin at the centre of the town or city.";

export type VenueFieldErrors = Partial<Record<VenueField, string>>;

/** A pin the form was given (saved, or sent back with a refusal), else null. */
function placedPin(values: VenueFormValues): LatLng | null {
  if (values.lat.trim() === "" || values.lng.trim() === "") return null;
  const pin = { lat: Number(values.lat), lng: Number(values.lng) };
  return Number.isFinite(pin.lat) && Number.isFinite(pin.lng) && inUk(pin) ? pin : null;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The venue form's fields, the same for adding and editing: the venue and its address, its
 * capacity, the map pin and its access information. The pin is sent only when the host placed it
 * (or it was saved); otherwise the server puts it on the town, as this map shows, so the form
 * means the same with JavaScript and without.
 */
export function VenueFields({
  values,
  errors,
  tileUrl,
  headingLevel = 2,
}: {
  values: VenueFormValues;
  errors: VenueFieldErrors;
  tileUrl: string;
  /** 3 where the form sits under a heading of its own (the overview's "Edit venue"). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const hydrated = useHydrated();
  const [city, setCity] = useState(values.city);
  const [placed, setPlaced] = useState<LatLng | null>(() => placedPin(values));
  const townPin = pinForTown(city);
  const pin = placed ?? townPin;
  const cityName = city.trim();

  return (
    <>
      <section aria-labelledby="venue-details-heading" className="card space-y-5 p-5 tablet:p-6">
        <Heading id="venue-details-heading" className="text-lg font-bold">
          The venue
        </Heading>
        <TextField
          label="Venue name"
          name="name"
          defaultValue={values.name}
          error={errors.name}
          maxLength={VENUE_LIMITS.name}
          autoComplete="off"
          required
        />
        <TextField
          label="Address line 1"
          name="addressLine1"
          defaultValue={values.addressLine1}
          error={errors.addressLine1}
          maxLength={VENUE_LIMITS.addressLine1}
          autoComplete="address-line1"
          hint="The building and street, like 22 Blenheim Gardens."
          required
        />
        <div className="grid grid-cols-1 gap-5 tablet:grid-cols-2">
          <TextField
            label="Town or city"
            name="city"
            defaultValue={values.city}
            error={errors.city}
            maxLength={VENUE_LIMITS.city}
            autoComplete="address-level2"
            onChange={(e) => setCity(e.currentTarget.value)}
            required
          />
          <TextField
            label="Postcode"
            name="postcode"
            defaultValue={values.postcode}
            error={errors.postcode}
            maxLength={10}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            hint="A full UK postcode, like SW1A 1AA."
            className="tablet:max-w-56"
            required
          />
        </div>
        <TextField
          label="Capacity"
          name="capacity"
          defaultValue={values.capacity}
          error={errors.capacity}
          inputMode="numeric"
          autoComplete="off"
          hint="The most people the venue holds, as a whole number."
          className="max-w-56"
          required
        />
      </section>

      <section aria-labelledby="venue-pin-heading" className="card space-y-3 p-5 tablet:p-6">
        <Heading id="venue-pin-heading" className="text-lg font-bold">
          Map pin
        </Heading>
        <p id="venue-pin-hint" className="text-sm text-fg-muted">
          Buyers get directions to this spot. Drag the pin to the entrance, or click the map where it should go; with a
          keyboard, focus the pin and use the arrow keys.
        </p>
        <input type="hidden" name="lat" value={placed ? String(round(placed.lat)) : ""} />
        <input type="hidden" name="lng" value={placed ? String(round(placed.lng)) : ""} />
        <div className="h-64 overflow-hidden rounded-2xl tablet:h-80">
          {hydrated ? (
            <Suspense fallback={<MapPlaceholder text="Loading the map…" />}>
              <VenuePinMap
                pin={pin}
                onMove={(to) => setPlaced(to)}
                tileUrl={tileUrl}
                label="Map for placing the venue's pin"
                pinLabel="Venue pin"
              />
            </Suspense>
          ) : (
            <MapPlaceholder text={NO_MAP} />
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm" role="status">
            <MapPin aria-hidden className="size-4 shrink-0 text-brand" />
            {placed
              ? `Pin placed at ${round(placed.lat).toFixed(4)}, ${round(placed.lng).toFixed(4)}.`
              : townPin && cityName
                ? `Pin at the centre of ${cityName}: move it to the venue's door.`
                : "Enter the town or city, or click the map, to place the pin."}
          </p>
          {placed && townPin && cityName ? (
            <button type="button" className="btn-secondary text-sm" onClick={() => setPlaced(null)}>
              <LocateFixed aria-hidden className="size-4" /> Move the pin to {cityName}
            </button>
          ) : null}
        </div>
        {errors.pin ? (
          <p className="text-sm font-medium text-danger" role="alert">
            {errors.pin}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="venue-access-heading" className="card space-y-5 p-5 tablet:p-6">
        <div>
          <Heading id="venue-access-heading" className="text-lg font-bold">
            Access information
          </Heading>
          <p className="mt-1 text-sm text-fg-muted">
            Shown on every event page at this venue, so people can plan their visit. Answer what you know; “Not sure” is
            left off.
          </p>
        </div>
        <div className="divide-y divide-border">
          {ACCESS_FEATURES.map((f) => (
            <AccessQuestion key={f} feature={f} value={values[f]} />
          ))}
        </div>
        <TextAreaField
          label="Anything else about access"
          name="accessNotes"
          aside="(optional)"
          rows={4}
          defaultValue={values.accessNotes}
          error={errors.accessNotes}
          maxLength={VENUE_LIMITS.accessNotes}
          hint={
            `Up to ${VENUE_LIMITS.accessNotes} characters: where the ramp is, lifts, assistance dogs, ` +
            "who to ask on the night."
          }
        />
      </section>
    </>
  );
}

function MapPlaceholder({ text }: { text: string }) {
  return (
    <div className="grid size-full place-items-center rounded-2xl bg-surface-2 p-6 text-center text-sm text-fg-muted">
      {text}
    </div>
  );
}

/** One feature, answered yes, no or not sure: a group of three radios, each a generous target. */
function AccessQuestion({ feature, value }: { feature: AccessFeature; value: VenueFormValues[AccessFeature] }) {
  const Icon = ACCESS_ICONS[feature];
  return (
    <fieldset className="flex flex-col gap-2 py-3 tablet:flex-row tablet:items-center tablet:justify-between">
      <legend className="float-left flex items-center gap-2 text-sm font-medium">
        <Icon aria-hidden className="size-5 text-brand" />
        {labels[feature].yes}
      </legend>
      <div className="flex gap-2">
        {ANSWERS.map((a) => (
          <label
            key={a.value}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-border px-3 text-sm
              has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2
              has-[:focus-visible]:ring-[var(--ring)]"
          >
            <input
              type="radio"
              name={feature}
              value={a.value}
              defaultChecked={value === a.value}
              className="size-4 accent-[var(--brand-strong)]"
            />
            {a.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
