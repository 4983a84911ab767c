import { useCallback, useEffect, useState } from "react";
import { currentPushState, disablePush, enablePush, type PushState } from "./push";

/** This device's push state, with actions that only ever run from a click. */
export function usePushState() {
  const [state, setState] = useState<PushState | "loading">("loading");
  const [busy, setBusy] = useState<"enable" | "disable" | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    currentPushState()
      .then((value) => live && setState(value))
      .catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (action: "enable" | "disable") => {
    setBusy(action);
    setFailed(false);
    try {
      setState(await (action === "enable" ? enablePush() : disablePush()));
    } catch (error) {
      console.warn("Push change failed", error);
      setFailed(true);
      setState(await currentPushState().catch(() => "unsupported" as const));
    } finally {
      setBusy(null);
    }
  }, []);

  return {
    state,
    busy,
    failed,
    enable: () => run("enable"),
    disable: () => run("disable"),
  };
}
