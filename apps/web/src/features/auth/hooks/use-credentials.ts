import { type ChangeEvent, useState } from "react";

type InputChange = ChangeEvent<HTMLInputElement>;

/**
 * The password of a sign-in (the login screen's, or the one asked again to link Telegram): its
 * value and the props that bind it to its PasswordField.
 */
export function useSignInPassword() {
  const [password, setPassword] = useState("");
  return {
    password,
    passwordInput: {
      name: "password",
      autoComplete: "current-password",
      value: password,
      onChange: (event: InputChange) => setPassword(event.target.value),
      required: true,
    },
  };
}

/**
 * The e-mail and password of a sign-in (the login screen's, and the one an account opened with
 * Telegram is given): their values, whether both are filled, and the props that bind each to
 * its EmailField or PasswordField.
 */
export function useCredentials() {
  const [email, setEmail] = useState("");
  const { password, passwordInput } = useSignInPassword();
  return {
    email,
    password,
    filled: email.trim() !== "" && password !== "",
    emailInput: {
      name: "email",
      value: email,
      onChange: (event: InputChange) => setEmail(event.target.value),
      required: true,
    },
    passwordInput,
  };
}
