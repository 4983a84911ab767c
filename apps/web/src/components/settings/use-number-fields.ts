import { type ChangeEvent, useState } from "react";

/** What a text input needs to edit one field. */
export interface NumberInputProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * Number inputs kept as the text being typed (an empty or half-typed number stays on screen
 * as it is); the form turns them into numbers, and checks them, on submit. `onEdit` runs on
 * every change, to clear what the last submit said (its alerts, a field's error).
 */
export function useNumberFields<Field extends string>(
  initial: Record<Field, string> | (() => Record<Field, string>),
  onEdit: (field: Field) => void,
) {
  const [values, setValues] = useState(initial);
  const input = (field: Field): NumberInputProps => ({
    value: values[field],
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      onEdit(field);
    },
  });
  // `replace` writes the server's answer into the form after a save. Do not remount the form
  // on new data instead (a `key`): that drops the save's state, and its « saved » with it.
  return { values, input, replace: setValues };
}

/** The inputs' first texts: each of `fields` of `source` written as the number it is. */
export const textsOf = <Field extends string>(
  fields: readonly Field[],
  source: Record<Field, number>,
): Record<Field, string> =>
  Object.fromEntries(fields.map((field) => [field, String(source[field])])) as Record<
    Field,
    string
  >;

/** A typed text as the number a schema checks: surrounding spaces ignored, empty is NaN. */
export const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));
