export interface ChoiceOptionsProps<T extends string | number> {
  /** The values offered, in the order they are listed. */
  values: readonly T[];
  /** The text shown for a value; the value itself when left out. */
  label?: (value: T) => string;
  /** When given, a first option with the empty value and this text ("any", "all"). */
  any?: string;
}

/** The `<option>` list of a `<select>`: one option a value, optionally led by an empty "any" one. */
export function ChoiceOptions<T extends string | number>({
  values,
  label,
  any,
}: ChoiceOptionsProps<T>) {
  return (
    <>
      {any === undefined ? null : <option value="">{any}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label ? label(value) : value}
        </option>
      ))}
    </>
  );
}

/** The whole numbers from `min` to `max`, both included (the values of a count picker). */
export function countRange(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}
