import { CalendarHeart, Ticket } from "lucide-react";
import { useState } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { isUserType, isValidEmail, normaliseEmail, passwordProblem, type UserType } from "~/domain/account-rules";
import { normaliseName, personNameProblem } from "~/domain/profile-rules";
import { safeRedirect } from "~/lib/safe-redirect";
import { profileProblemMessage } from "~/services/update-profile";
import { AuthCard } from "~/web/components/auth-card";
import { RobotCheck } from "~/web/components/robot-check";
import { CheckboxField, FormMessage, TextField } from "~/web/components/ui/field";
import { authFailure, authHeaders, cookiesFrom } from "~/web/lib/auth-calls.server";
import { setFlash } from "~/web/lib/flash.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/sign-up";

export const handle = { title: "Sign up" };
export const meta: Route.MetaFunction = () => [
  { title: "Sign up · Ticketyboo" },
  {
    name: "description",
    content: "Make a free Ticketyboo account to book tickets in seconds, or to host your own events.",
  },
];

type Field = "userType" | "firstName" | "lastName" | "email" | "password" | "confirmPassword" | "terms" | "altcha";
type Values = { userType: string; firstName: string; lastName: string; email: string; terms: boolean };

const passwordMessages = {
  too_short: messages.auth.passwordTooShort,
  too_long: messages.auth.passwordTooLong,
  too_common: messages.auth.passwordTooCommon,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const values: Values = {
    userType: text("userType"),
    firstName: normaliseName(text("firstName")),
    lastName: normaliseName(text("lastName")),
    email: normaliseEmail(text("email")),
    terms: form.get("terms") === "on",
  };
  const password = text("password");
  const errors: Partial<Record<Field, string>> = {};
  if (!isUserType(values.userType)) errors.userType = messages.auth.chooseAccountType;
  // The profile form's rules for names, so an account never starts with a name it could not be saved with.
  for (const field of ["firstName", "lastName"] as const) {
    const problem = personNameProblem(values[field]);
    if (problem) errors[field] = profileProblemMessage({ field, problem });
  }
  if (!isValidEmail(values.email)) errors.email = messages.auth.invalidEmail;
  const problem = passwordProblem(password, { email: values.email, name: `${values.firstName}${values.lastName}` });
  if (problem) errors.password = passwordMessages[problem];
  else if (password !== text("confirmPassword")) errors.confirmPassword = messages.auth.passwordsDoNotMatch;
  if (!values.terms) errors.terms = messages.auth.mustAgreeToTerms;
  if (!text("altcha")) errors.altcha = messages.auth.notARobot;
  if (Object.keys(errors).length > 0) return { errors, values, formError: null };

  let cookies: Headers;
  try {
    // The account type is not a field better-auth writes: the create hook takes it from the sign-up body.
    const body = {
      email: values.email,
      password,
      name: `${values.firstName} ${values.lastName}`,
      firstName: values.firstName,
      lastName: values.lastName,
      userType: values.userType as UserType,
      callbackURL: "/email-verified",
    };
    const result = await context.auth.api.signUpEmail({
      body,
      headers: authHeaders(request, context, form.get("altcha")),
      returnHeaders: true,
    });
    cookies = cookiesFrom(result.headers);
  } catch (error) {
    const failure = authFailure(error);
    const byField: Partial<Record<string, Field>> = {
      ROBOT_CHECK_FAILED: "altcha",
      USER_ALREADY_EXISTS: "email",
      USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email",
      INVALID_EMAIL: "email",
      PASSWORD_TOO_SHORT: "password",
      PASSWORD_TOO_LONG: "password",
      PASSWORD_TOO_COMMON: "password",
      FIRST_NAME_REQUIRED: "firstName",
      LAST_NAME_REQUIRED: "lastName",
    };
    const field = byField[failure.code];
    return { errors: field ? { [field]: failure.message } : {}, values, formError: field ? null : failure.message };
  }
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), "/u/dashboard");
  setFlash(cookies, {
    tone: "success",
    text: `Welcome to Ticketyboo, ${values.firstName}! We've sent a link to ${values.email} to verify your email.`,
    ...(values.userType === "host" ? { link: { href: "/h/dashboard", label: "Open Partner Studio" } } : {}),
  });
  return redirect(to, { headers: cookies });
}

/** Whether a field, as the form holds it now, passes the action's rule for it (only used to clear errors the action gave). */
function nowValid(field: Field, form: FormData): boolean {
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const email = normaliseEmail(text("email"));
  switch (field) {
    case "userType":
      return isUserType(text("userType"));
    case "firstName":
    case "lastName":
      return personNameProblem(normaliseName(text(field))) === null;
    case "email":
      return isValidEmail(email);
    case "password":
      return (
        passwordProblem(text("password"), {
          email,
          name: `${normaliseName(text("firstName"))}${normaliseName(text("lastName"))}`,
        }) === null
      );
    case "confirmPassword":
      return text("confirmPassword") !== "" && text("confirmPassword") === text("password");
    case "terms":
      return form.get("terms") === "on";
    case "altcha":
      return text("altcha") !== "";
  }
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  // Each error from the last submit goes as soon as its field is put right (and stays gone until the next submit).
  const [fixed, setFixed] = useState<{ after: typeof actionData; fields: ReadonlySet<Field> }>({
    after: actionData,
    fields: new Set(),
  });
  const fixedFields = fixed.after === actionData ? fixed.fields : new Set<Field>();
  const given: Partial<Record<Field, string>> = actionData?.errors ?? {};
  const errors = Object.fromEntries(
    Object.entries(given).filter(([field]) => !fixedFields.has(field as Field)),
  ) as Partial<Record<Field, string>>;
  const markFixed = (fields: Field[]) => {
    if (fields.length > 0 && fields.some((f) => !fixedFields.has(f)))
      setFixed({ after: actionData, fields: new Set([...fixedFields, ...fields]) });
  };
  const recheck = (form: HTMLFormElement) => {
    const data = new FormData(form);
    markFixed((Object.keys(errors) as Field[]).filter((field) => nowValid(field, data)));
  };
  const values = actionData?.values;
  const [userType, setUserType] = useState<string>(
    values?.userType || (params.get("as") === "host" ? "host" : "buyer"),
  );
  const redirectTo = params.get("redirect");
  const logInHref = redirectTo ? `/log-in?redirect=${encodeURIComponent(redirectTo)}` : "/log-in";

  return (
    <AuthCard
      title="Create your account"
      subtitle="Free, and quicker than queueing at the door."
      footer={
        <>
          Already have an account?{" "}
          <Link to={logInHref} className="link">
            Log in
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4" noValidate onChange={(e) => recheck(e.currentTarget)}>
        <FormMessage>{actionData?.formError}</FormMessage>
        <fieldset aria-describedby={errors.userType ? "user-type-error" : undefined}>
          <legend className="text-sm font-medium">I'm here to…</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <UserTypeOption
              value="buyer"
              checked={userType === "buyer"}
              onSelect={setUserType}
              icon={<Ticket aria-hidden className="size-5" />}
              title="Go to events"
              detail="Book tickets"
            />
            <UserTypeOption
              value="host"
              checked={userType === "host"}
              onSelect={setUserType}
              icon={<CalendarHeart aria-hidden className="size-5" />}
              title="Host events"
              detail="Sell tickets"
            />
          </div>
          {errors.userType ? (
            <p id="user-type-error" className="mt-1 text-sm font-medium text-danger">
              {errors.userType}
            </p>
          ) : null}
        </fieldset>
        <div className="grid grid-cols-1 gap-4 mobile:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={values?.firstName}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={values?.lastName}
            error={errors.lastName}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          hint="At least 6 characters. Avoid ones you use elsewhere."
          error={errors.password}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <CheckboxField
          name="terms"
          defaultChecked={values?.terms}
          error={errors.terms}
          label={
            <>
              I agree to the{" "}
              <Link to="/legal/terms-of-use" className="link">
                terms of use
              </Link>{" "}
              and have read the{" "}
              <Link to="/legal/privacy-policy" className="link">
                privacy policy
              </Link>
              .
            </>
          }
        />
        <RobotCheck error={errors.altcha} onVerified={() => markFixed(["altcha"])} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Creating your account…" : "Sign Up"}
        </button>
      </Form>
    </AuthCard>
  );
}

function UserTypeOption(props: {
  value: UserType;
  checked: boolean;
  onSelect: (v: UserType) => void;
  icon: React.ReactNode;
  title: string;
  detail: string;
}) {
  return (
    <label
      className={`flex cursor-pointer flex-col gap-1 rounded-xl border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--ring)] ${
        props.checked ? "border-brand bg-brand-soft" : "border-border hover:bg-surface-2"
      }`}
    >
      <input
        type="radio"
        name="userType"
        value={props.value}
        checked={props.checked}
        onChange={() => props.onSelect(props.value)}
        className="sr-only"
      />
      <span className={props.checked ? "text-brand" : "text-fg-muted"}>{props.icon}</span>
      <span className="font-semibold">{props.title}</span>
      <span className="text-xs text-fg-muted">{props.detail}</span>
    </label>
  );
}
