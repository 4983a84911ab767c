import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Glyph } from "./glyph";
import { TextField, type TextFieldProps } from "./text-field";

function EyeIcon({ open }: { open: boolean }) {
  return <Glyph name={open ? "eye" : "eyeOff"} className="size-5" />;
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
