import {
  KYC_FILE_MAX_BYTES,
  KYC_IMAGE_TYPES,
  KYC_MIN_AGE_YEARS,
  type KycDocumentType,
  kycAddressBodySchema,
  kycDocumentBodySchema,
  kycIdentityBodySchema,
} from "@fre/shared";

/** What the form says of a field, as a key of the kyc catalog's `errors`. */
export type KycFieldIssue =
  | "required"
  | "name"
  | "date"
  | "underage"
  | "phone"
  | "country"
  | "address"
  | "city"
  | "postalCode"
  | "documentNumber";

export type IdentityValues = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  phoneNumber: string;
};
export type AddressValues = { address: string; city: string; postalCode: string; country: string };
export type DocumentValues = { documentType: KycDocumentType | ""; documentNumber: string };

export type Issues<V> = Partial<Record<keyof V & string, KycFieldIssue>>;

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) is `years` or older on `today`. */
export function isAtLeast(dateOfBirth: string, years: number, today: Date): boolean {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const ty = today.getFullYear();
  const tm = today.getMonth() + 1;
  const td = today.getDate();
  if (ty - y !== years) return ty - y > years;
  return tm > m || (tm === m && td >= d);
}

/** One field checked by the server's own schema: the issue to show, or none. */
function check(
  schema: { safeParse: (value: unknown) => { success: boolean } },
  value: string,
  issue: KycFieldIssue,
): KycFieldIssue | undefined {
  if (value.trim() === "") return "required";
  return schema.safeParse(value).success ? undefined : issue;
}

function compact<V>(issues: Record<string, KycFieldIssue | undefined>): Issues<V> {
  return Object.fromEntries(Object.entries(issues).filter(([, issue]) => issue)) as Issues<V>;
}

/** The identity step as the server checks it; the age is counted on the device's date. */
export function identityIssues(values: IdentityValues, today = new Date()): Issues<IdentityValues> {
  const shape = kycIdentityBodySchema.shape;
  let dateOfBirth = check(shape.dateOfBirth, values.dateOfBirth, "date");
  if (!dateOfBirth && !isAtLeast(values.dateOfBirth.trim(), KYC_MIN_AGE_YEARS, today)) {
    dateOfBirth = "underage";
  }
  return compact({
    firstName: check(shape.firstName, values.firstName, "name"),
    lastName: check(shape.lastName, values.lastName, "name"),
    dateOfBirth,
    nationality: check(shape.nationality, values.nationality, "country"),
    phoneNumber: check(shape.phoneNumber, values.phoneNumber, "phone"),
  });
}

export function addressIssues(values: AddressValues): Issues<AddressValues> {
  const shape = kycAddressBodySchema.shape;
  return compact({
    address: check(shape.address, values.address, "address"),
    city: check(shape.city, values.city, "city"),
    postalCode: check(shape.postalCode, values.postalCode, "postalCode"),
    country: check(shape.country, values.country, "country"),
  });
}

export function documentIssues(values: DocumentValues): Issues<DocumentValues> {
  const shape = kycDocumentBodySchema.shape;
  return compact({
    documentType: values.documentType === "" ? "required" : undefined,
    documentNumber: check(shape.documentNumber, values.documentNumber, "documentNumber"),
  });
}

/** Photos the document needs: no back for a passport. */
export const slotsFor = (documentType: KycDocumentType | "" | undefined) =>
  documentType === "passport"
    ? (["front", "selfie"] as const)
    : (["front", "back", "selfie"] as const);

/**
 * A picked file the server will surely refuse: too large, or announced by the browser as
 * another type. An unknown type is left to the server, which reads the bytes.
 */
export function photoIssue(file: { size: number; type: string }): "tooLarge" | "type" | undefined {
  if (file.size > KYC_FILE_MAX_BYTES) return "tooLarge";
  if (file.type && !(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) return "type";
  return undefined;
}
