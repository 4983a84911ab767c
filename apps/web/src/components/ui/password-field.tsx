import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField, type TextFieldProps } from "./text-field";

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
    >
      <path
        strokeWidth="1.8"
        strokeLinecap="round"
        d="M2.5 12s3.5-6.5 9.5-6.5S21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z"
      />
      <circle cx="12" cy="12" r="3" strokeWidth="1.8" />
      {open ? null : <path strokeWidth="1.8" strokeLinecap="round" d="M4 20 20 4" />}
    </svg>
  );
}

/** A password input with a show/hide toggle; `secret` says what it hides (a password, a code). */
export function PasswordField({
  secret = "password",
  ...props
}: Omit<TextFieldProps, "type" | "trailing"> & { secret?: "password" | "code" }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle =
    secret === "code"
      ? visible
        ? t("password.hideCode")
        : t("password.showCode")
      : visible
        ? t("password.hide")
        : t("password.show");
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="grid size-11 place-items-center rounded-lg text-slate-300 hover:text-amber-200"
          aria-label={toggle}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon open={!visible} />
        </button>
      }
    />
  );
}
