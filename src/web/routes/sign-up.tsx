import { CalendarHeart, Ticket } from "lucide-react";
import { useState } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { isUserType, isValidEmail, normaliseEmail, passwordProblem, type UserType } from "~/domain/account-rules";
import { normaliseName, personNameProblem } from "~/domain/profile-rules";
import { field, readForm } from "~/lib/read-form";
import { safeRedirect } from "~/lib/safe-redirect";
import { profileProblemMessage } from "~/services/update-profile";
import { AuthCard } from "~/web/components/auth-card";
import { RobotCheck } from "~/web/components/robot-check";
import { CheckboxField, FormMessage, TextField } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { authError, authHeaders, cookiesFrom } from "~/web/lib/auth-calls.server";
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

type Values = { userType: string; firstName: string; lastName: string; email: string; terms: boolean };

const passwordMessages = {
  too_short: messages.auth.passwordTooShort,
  too_long: messages.auth.passwordTooLong,
  too_common: messages.auth.passwordTooCommon,
} as const;

/** The profile form's rules for names, so an account never starts with a name it could not be saved with. */
const personName = (which: "firstName" | "lastName") =>
  field
    .text()
    .transform(normaliseName)
    .superRefine((name, ctx) => {
      const problem = personNameProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: profileProblemMessage({ field: which, problem }) });
    });

const SignUpForm = z
  .object({
    userType: z.string().refine(isUserType, messages.auth.chooseAccountType),
    firstName: personName("firstName"),
    lastName: personName("lastName"),
    email: field.text().transform(normaliseEmail).refine(isValidEmail, messages.auth.invalidEmail),
    password: field.text(),
    confirmPassword: field.text(),
    terms: field.checkbox().refine(Boolean, messages.auth.mustAgreeToTerms),
    altcha: z.string(messages.auth.notARobot).min(1, messages.auth.notARobot),
  })
  .superRefine(
    (f, ctx) => {
      // The password is judged against the name and email, and with every other field's problem at once.
      const problem = passwordProblem(f.password ?? "", {
        email: normaliseEmail(f.email ?? ""),
        name: `${f.firstName ?? ""}${f.lastName ?? ""}`,
      });
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: passwordMessages[problem] });
      else if (f.password !== f.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: messages.auth.passwordsDoNotMatch });
    },
    { when: () => true },
  );

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, SignUpForm);
  const sent = form.ok ? form.data : form.values;
  const values: Values = {
    userType: sent.userType ?? "",
    firstName: normaliseName(sent.firstName ?? ""),
    lastName: normaliseName(sent.lastName ?? ""),
    email: normaliseEmail(sent.email ?? ""),
    terms: Boolean(form.ok ? form.data.terms : form.values.terms),
  };
  if (!form.ok) return actionError(form.error, { extra: { values } });
  const { password, altcha } = form.data;

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
      // Agreed to on the form (checked above); the auth hook records when, and to which terms.
      terms: true,
      callbackURL: "/email-verified",
    };
    const result = await context.auth.api.signUpEmail({
      body,
      headers: authHeaders(request, context, altcha),
      returnHeaders: true,
    });
    cookies = cookiesFrom(result.headers);
  } catch (error) {
    const fieldFor = {
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
    return actionError(authError(error, { fieldFor }), { extra: { values } });
  }
  // A new host goes straight on to their host profile, then their first event (the Studio's onboarding).
  const home = values.userType === "host" ? "/h/onboarding" : "/u/dashboard";
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), home);
  setFlash(cookies, {
    tone: "success",
    text: `Welcome to Ticketyboo, ${values.firstName}! We've sent a link to ${values.email} to verify your email.`,
  });
  return redirect(to, { headers: cookies });
}

type Field = "userType" | "firstName" | "lastName" | "email" | "password" | "confirmPassword" | "terms" | "altcha";

/** Whether a field, as the form holds it now, passes the action's rule (only used to clear the action's errors). */
function nowValid(field: string, form: FormData): boolean {
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const email = normaliseEmail(text("email"));
  switch (field as Field) {
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
    default:
      return false;
  }
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const { formError, fieldErrors: given } = refusalOf(actionData);
  // Each error from the last submit goes as soon as its field is put right (and stays gone until the next submit).
  const [fixed, setFixed] = useState<{ after: typeof actionData; fields: ReadonlySet<string> }>({
    after: actionData,
    fields: new Set(),
  });
  const fixedFields = fixed.after === actionData ? fixed.fields : new Set<string>();
  const errors = Object.fromEntries(Object.entries(given).filter(([name]) => !fixedFields.has(name))) as typeof given;
  const markFixed = (fields: string[]) => {
    if (fields.some((f) => !fixedFields.has(f)))
      setFixed({ after: actionData, fields: new Set([...fixedFields, ...fields]) });
  };
  const recheck = (form: HTMLFormElement) => {
    const data = new FormData(form);
    markFixed(Object.keys(errors).filter((name) => nowValid(name, data)));
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
        <FormMessage>{formError}</FormMessage>
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
      className={`flex cursor-pointer flex-col gap-1 rounded-xl border p-3 text-sm has-[:focus-visible]:outline-2
        has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--ring)] ${
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
