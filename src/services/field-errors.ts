import { AppError } from "~/lib/app-error";

/** Refuses a form with words for each field that is wrong (the first is the form's words too). */
export function refuseFields(errors: Record<string, string | undefined>): never {
  const fields = Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Record<string, string>;
  throw new AppError("validation_failed", Object.values(fields)[0], { fields });
}

/** Refuses when any field is wrong; carries on when none is. */
export function refuseIfAny(errors: Record<string, string | undefined>): void {
  if (Object.values(errors).some(Boolean)) refuseFields(errors);
}
