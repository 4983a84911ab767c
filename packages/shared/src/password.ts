import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.ts";

export type PasswordRule = "length" | "uppercase" | "lowercase" | "digit" | "special";

/** The password rules of spec §5 that `password` does not meet (empty when strong). */
export function passwordIssues(password: string): PasswordRule[] {
  const issues: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    issues.push("length");
  }
  if (!/\p{Lu}/u.test(password)) issues.push("uppercase");
  if (!/\p{Ll}/u.test(password)) issues.push("lowercase");
  if (!/\p{Nd}/u.test(password)) issues.push("digit");
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) issues.push("special");
  return issues;
}

export function isStrongPassword(password: string): boolean {
  return passwordIssues(password).length === 0;
}
