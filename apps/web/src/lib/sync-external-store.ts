/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook (the build
 * aliases the shim here, see vite.config.ts).
 */
export { useSyncExternalStore } from "react";
