import { REFERRAL_CODE_INPUT_MAX_LENGTH } from "@fre/shared";
import {
  type ChangeEvent,
  type FormEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { EmailField } from "../../../components/ui/email-field";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useLanguage } from "../../../lib/use-language";
import { ProofOfWorkField } from "../../challenge";
import { signUp } from "../api/auth-api";
import { AuthCard } from "../components/auth-card";
import { AuthForm, AuthSwitch } from "../components/auth-form";
import { useCompleteSignIn } from "../hooks/use-session-actions";
import {
  REGISTER_FIELD_ORDER,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
  registerErrorFromServer,
  validateReferralCode,
  validateRegister,
} from "../register-validation";

/**
 * After a refused submit, brings the first field in error (else the form's error) into view and
 * gives it the focus, so the keyboard and the screen reader start where the fix is needed.
 */
function useFocusFirstError(form: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0 || !form.current) return;
    const target =
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current.querySelector<HTMLElement>("[data-form-error]");
    if (!target) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  }, [request, form]);
  return () => setRequest((current) => current + 1);
}

/** How long a submit waits for the proof of work still being solved. */
const PROOF_WAIT_MS = 30_000;

/** The widget's latest payload, and a way for a submit to wait for the next one. */
function useSolvedPayload() {
  const [holder] = useState(() => {
    let current: string | null = null;
    let waiters: ((payload: string | null) => void)[] = [];
    return {
      set(payload: string | null) {
        current = payload;
        if (!payload) return;
        for (const resolve of waiters) resolve(payload);
        waiters = [];
      },
      wait(ms: number): Promise<string | null> {
        if (current) return Promise.resolve(current);
        return new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(() => resolve(current), ms);
        });
      },
    };
  });
  return holder;
}

export function RegisterPage() {
  const { t } = useTranslation("auth");
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [values, setValues] = useState<RegisterValues>({
    email: "",
    nickname: "",
    password: "",
    confirm: "",
  });
  const [referralCode, setReferralCode] = useState(() =>
    (params.get("ref") ?? "").trim().toUpperCase().slice(0, 32),
  );
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<RegisterErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // The solved proof of work (decision 0044); a refused one asks the widget for a new challenge.
  const altcha = useSolvedPayload();
  const [challengeReset, setChallengeReset] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const referralError = validateReferralCode(referralCode);
  const liveErrors: RegisterErrors = {
    ...validateRegister(values),
    ...(referralError ? { referral: referralError } : {}),
  };
  const errors: RegisterErrors = { ...serverErrors };
  for (const field of REGISTER_FIELD_ORDER) {
    if (touched[field] && liveErrors[field] && !errors[field]) errors[field] = liveErrors[field];
  }
  const message = (field: RegisterField) => {
    const key = errors[field];
    return key ? t(`register.errors.${key}`) : undefined;
  };

  function update(field: keyof RegisterValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _cleared, form: _form, ...rest }) => rest);
  }
  const touch = (field: RegisterField) => () =>
    setTouched((current) => ({ ...current, [field]: true }));
  /** A field's value, its handlers and its message. */
  const bind = (field: keyof RegisterValues) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
    onBlur: touch(field),
    error: message(field),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ email: true, nickname: true, password: true, confirm: true, referral: true });
    if (Object.keys(liveErrors).length > 0) {
      focusFirstError();
      return;
    }
    setSubmitting(true);
    setServerErrors({});
    try {
      // Sent before the check is done: the form waits for it (a few hundred ms at most, usually).
      const payload = await altcha.wait(PROOF_WAIT_MS);
      if (!payload) {
        setServerErrors({ form: "challengeRequired" });
        setSubmitting(false);
        focusFirstError();
        return;
      }
      await signUp({
        email: values.email.trim(),
        password: values.password,
        nickname: values.nickname.trim(),
        referralCode: referralCode.trim() || undefined,
        language,
        altcha: payload,
      });
      if (!(await completeSignIn())) throw new Error("No session after sign-up");
    } catch (caught) {
      const { field, key } = isApiError(caught)
        ? registerErrorFromServer(caught.error, caught.issues)
        : { field: "form" as const, key: "generic" as const };
      setServerErrors({ [field]: key });
      // A used or expired proof cannot be sent again: a fresh challenge is solved.
      if (isApiError(caught) && caught.error === "CHALLENGE_INVALID") {
        setChallengeReset((n) => n + 1);
      }
      setSubmitting(false);
      focusFirstError();
    }
  }

  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      <AuthForm
        formRef={formRef}
        onSubmit={submit}
        submitting={submitting}
        submitLabel={t("register.submit")}
        submittingLabel={t("register.submitting")}
      >
        {errors.form ? (
          <div data-form-error tabIndex={-1} className="rounded-xl focus:outline-none">
            <Alert tone="error">{message("form")}</Alert>
          </div>
        ) : null}
        <EmailField label={t("register.email")} name="email" {...bind("email")} required />
        <TextField
          label={t("register.nickname")}
          name="nickname"
          autoComplete="username"
          autoCapitalize="none"
          maxLength={40}
          hint={t("register.nicknameHint")}
          {...bind("nickname")}
          required
        />
        <PasswordField
          label={t("register.password")}
          name="new-password"
          autoComplete="new-password"
          hint={<PasswordChecklist password={values.password} />}
          {...bind("password")}
          required
        />
        <PasswordField
          label={t("register.confirm")}
          name="confirm-password"
          autoComplete="new-password"
          {...bind("confirm")}
          required
        />
        <TextField
          label={t("register.referral")}
          name="referral"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={REFERRAL_CODE_INPUT_MAX_LENGTH}
          value={referralCode}
          onChange={(event) => {
            setReferralCode(event.target.value.toUpperCase());
            setServerErrors(({ referral: _cleared, form: _form, ...rest }) => rest);
          }}
          onBlur={touch("referral")}
          hint={t("register.referralHint")}
          error={message("referral")}
        />
        <ProofOfWorkField
          action="sign-up"
          resetKey={challengeReset}
          onChange={(payload) => {
            altcha.set(payload);
            if (payload) setServerErrors(({ form: _form, ...rest }) => rest);
          }}
        />
      </AuthForm>
      <AuthSwitch question={t("register.hasAccount")} to="/login" label={t("register.login")} />
    </AuthCard>
  );
}
