import { EMAIL_MAX_LENGTH } from "@fre/shared";
import { TextField, type TextFieldProps } from "./text-field";

export type EmailFieldProps = Omit<
  TextFieldProps,
  "type" | "inputMode" | "maxLength" | "spellCheck" | "autoCapitalize" | "autoCorrect"
>;

/**
 * The one field where a user types an e-mail address (issue 35 point 6): e-mail keyboard, no
 * capitalisation, correction or spell check, the shared schema's length bound. `autoComplete`
 * is "email" unless told otherwise (e.g. "off" when an admin types someone else's address).
 */
export function EmailField({ autoComplete = "email", ...props }: EmailFieldProps) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
    />
  );
}
