import type { UseMutationResult } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { isApiError } from "./api-client";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a form shows after a failure: a message above it and texts under its fields. */
export interface FormErrors<F extends string> {
  form: string | undefined;
  fields: FieldErrors<F>;
}

export interface FormErrorOptions<F extends string> {
  /** The form's fields, named as in the request body (an API issue's path ends with one). */
  fields?: readonly F[];
  /** Shown when the request failed without an API answer (a bug, not a network error). */
  fallback: string;
  /** API error codes that concern one field (e.g. BONUS_CODE_EXISTS → "code"). */
  errorFields?: Readonly<Partial<Record<string, F>>>;
  /**
   * "always" keeps the API's message above the form even when every issue found its field;
   * by default the fields then say it all.
   */
  message?: "always" | "unlessFieldsExplain";
}

/** An issue's path ("message", "body.message", "/maxUses") → the form's field, if any. */
function fieldOf<F extends string>(path: string, fields: readonly F[]): F | undefined {
  const last = path.split(/[./]/).filter(Boolean).pop() ?? "";
  return fields.find((field) => field === last);
}

/**
 * Maps a failed request to the form: each API issue under its field (the first one per field),
 * the API's message above, followed by the issues no field can show (on forms with fields).
 */
export function formErrorsOf<F extends string>(
  error: unknown,
  { fields = [], fallback, errorFields = {}, message = "unlessFieldsExplain" }: FormErrorOptions<F>,
): FormErrors<F> {
  if (!isApiError(error)) return { form: fallback, fields: {} };
  const mapped: FieldErrors<F> = {};
  const unplaced: string[] = [];
  // A refusal with its own code (KYC_UNDERAGE…) says it in the user's language: its field shows
  // that message, not the issue's detail, which is written for developers.
  const ownCode = error.error !== "VALIDATION_ERROR";
  for (const issue of error.issues ?? []) {
    const field = fieldOf(issue.path, fields);
    if (field === undefined) {
      unplaced.push(issue.path ? `${issue.path} : ${issue.message}` : issue.message);
    } else if (mapped[field] === undefined) {
      mapped[field] = ownCode ? error.message : issue.message;
    }
  }
  const codeField = errorFields[error.error];
  if (codeField !== undefined) mapped[codeField] = error.message;

  const explained = Object.keys(mapped).length > 0 && unplaced.length === 0;
  if (explained && message === "unlessFieldsExplain") return { form: undefined, fields: mapped };
  const details = fields.length > 0 ? unplaced : [];
  return { form: [error.message, ...details].join(" — "), fields: mapped };
}

export interface FormMutation<V, R, F extends string> {
  /** Sends the form; `onSuccess` runs for this submission only (e.g. to empty the fields). */
  submit: (variables: V, options?: { onSuccess?: (result: R) => void }) => void;
  /** The message above the form, if any. */
  error: string | undefined;
  fieldErrors: FieldErrors<F>;
  pending: boolean;
  /** The last submission succeeded (until `reset`). */
  done: boolean;
  /** The last successful answer. */
  data: R | undefined;
  /** Shows client-side errors in the same places, without calling the server. */
  fail: (errors: Partial<FormErrors<F>>) => void;
  /** The user edited a field: its error goes. */
  clearField: (field: F) => void;
  /** Back to a fresh form: no error, no success. */
  reset: () => void;
}

const NO_ERRORS: FormErrors<never> = { form: undefined, fields: {} };

/**
 * One way for every form to send a mutation and show what went wrong. The feature's mutation
 * hook keeps its cache updates; this adds the form's error mapping and its state.
 */
export function useFormMutation<R, V, F extends string = never>(
  mutation: UseMutationResult<R, Error, V, unknown>,
  options: FormErrorOptions<F>,
): FormMutation<V, R, F> {
  const [errors, setErrors] = useState<FormErrors<F>>(NO_ERRORS);
  const { mutate, reset: resetMutation } = mutation;
  const { fields, fallback, errorFields, message } = options;

  const submit = useCallback(
    (variables: V, callbacks?: { onSuccess?: (result: R) => void }) => {
      setErrors(NO_ERRORS);
      mutate(variables, {
        onSuccess: (result) => callbacks?.onSuccess?.(result),
        onError: (error) =>
          setErrors(formErrorsOf(error, { fields, fallback, errorFields, message })),
      });
    },
    [mutate, fields, fallback, errorFields, message],
  );

  const fail = useCallback(
    (next: Partial<FormErrors<F>>) => {
      resetMutation();
      setErrors({ form: next.form, fields: next.fields ?? {} });
    },
    [resetMutation],
  );

  const clearField = useCallback((field: F) => {
    setErrors((current) => {
      if (current.fields[field] === undefined) return current;
      const { [field]: _cleared, ...rest } = current.fields;
      return { form: current.form, fields: rest as FieldErrors<F> };
    });
  }, []);

  const reset = useCallback(() => {
    resetMutation();
    setErrors(NO_ERRORS);
  }, [resetMutation]);

  return {
    submit,
    error: errors.form,
    fieldErrors: errors.fields,
    pending: mutation.isPending,
    done: mutation.isSuccess,
    data: mutation.data,
    fail,
    clearField,
    reset,
  };
}
