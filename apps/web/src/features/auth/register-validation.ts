import {
  isStrongPassword,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  NICKNAME_PATTERN,
  REFERRAL_CODE_LENGTH,
} from "@fre/shared";

/** Keys of `auth:register.errors` (spec §8 sign-up errors). */
export type RegisterErrorKey =
  | "nickname_taken"
  | "nicknameRequired"
  | "invalidNickname"
  | "invalidEmail"
  | "emailInUse"
  | "weakPassword"
  | "passwordMismatch"
  | "invalidReferral"
  | "challengeRequired"
  | "challengeInvalid"
  | "generic";

export type RegisterField = "email" | "nickname" | "password" | "confirm" | "referral" | "form";

/** The fields in the order they appear: the first one in error gets the focus. */
export const REGISTER_FIELD_ORDER = [
  "email",
  "nickname",
  "password",
  "confirm",
  "referral",
] as const satisfies readonly RegisterField[];

export interface RegisterValues {
  email: string;
  nickname: string;
  password: string;
  confirm: string;
}

export type RegisterErrors = Partial<Record<RegisterField, RegisterErrorKey>>;

// Deliberately loose (the server has the final word): something@something.tld.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

// Every code is three letters and three letters or digits; anything else cannot be one.
const REFERRAL_CODE_PATTERN = new RegExp(`^[A-Z0-9]{${REFERRAL_CODE_LENGTH}}$`);

/** An optional referral code: empty, or shaped like one (an unknown one is ignored, spec §5). */
export function validateReferralCode(code: string): RegisterErrorKey | undefined {
  const trimmed = code.trim().toUpperCase();
  return trimmed === "" || REFERRAL_CODE_PATTERN.test(trimmed) ? undefined : "invalidReferral";
}

export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!isEmail(values.email)) errors.email = "invalidEmail";
  const nickname = values.nickname.trim();
  if (nickname.length < NICKNAME_MIN_LENGTH || nickname.length > NICKNAME_MAX_LENGTH) {
    errors.nickname = "nicknameRequired";
  } else if (!NICKNAME_PATTERN.test(nickname.normalize("NFC"))) {
    errors.nickname = "invalidNickname";
  }
  if (!isStrongPassword(values.password)) errors.password = "weakPassword";
  if (values.confirm !== values.password) errors.confirm = "passwordMismatch";
  return errors;
}

const ISSUE_FIELDS: Record<string, { field: RegisterField; key: RegisterErrorKey }> = {
  email: { field: "email", key: "invalidEmail" },
  nickname: { field: "nickname", key: "nicknameRequired" },
  name: { field: "nickname", key: "nicknameRequired" },
  password: { field: "password", key: "weakPassword" },
  referralCode: { field: "referral", key: "invalidReferral" },
};

/** Maps a sign-up error code from the server to the field and message to show. */
export function registerErrorFromServer(
  code: string,
  issues?: { path: string }[],
): { field: RegisterField; key: RegisterErrorKey } {
  switch (code) {
    case "NICKNAME_TAKEN":
      return { field: "nickname", key: "nickname_taken" };
    case "NICKNAME_REQUIRED":
      return { field: "nickname", key: "nicknameRequired" };
    case "INVALID_NICKNAME":
      return { field: "nickname", key: "invalidNickname" };
    case "INVALID_EMAIL":
      return { field: "email", key: "invalidEmail" };
    case "EMAIL_IN_USE":
      return { field: "email", key: "emailInUse" };
    case "WEAK_PASSWORD":
      return { field: "password", key: "weakPassword" };
    case "CHALLENGE_REQUIRED":
      return { field: "form", key: "challengeRequired" };
    case "CHALLENGE_INVALID":
      return { field: "form", key: "challengeInvalid" };
    case "VALIDATION_ERROR": {
      const first = issues?.[0]?.path.split(".")[0];
      const mapped = first ? ISSUE_FIELDS[first] : undefined;
      return mapped ?? { field: "form", key: "generic" };
    }
    default:
      return { field: "form", key: "generic" };
  }
}
