export { useChangePassword } from "./api/auth-api";
export { useCredentials } from "./hooks/use-credentials";
export { useSignOut } from "./hooks/use-session-actions";
