import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

interface FormActivity {
  /** The form the admin last edited or sent. */
  current: string | null;
  touch: (form: string) => void;
}

const Activity = createContext<FormActivity | null>(null);

/**
 * Several forms on one page: a success note belongs to the form the admin last used, so
 * editing or sending another form clears the previous "saved" (it would read as current).
 */
export function FormActivityScope({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<string | null>(null);
  const value = useMemo(() => ({ current, touch: setCurrent }), [current]);
  return <Activity.Provider value={value}>{children}</Activity.Provider>;
}

/** `touch()` on every edit and submit; `isCurrent` says whether this form's notes still apply. */
export function useFormActivity(form: string) {
  const activity = useContext(Activity);
  const touch = activity?.touch;
  return {
    touch: useCallback(() => touch?.(form), [touch, form]),
    isCurrent: activity ? activity.current === form : true,
  };
}
