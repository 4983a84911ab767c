export { useChangePassword } from "./api/auth-api";
export { useSignOut } from "./hooks/use-session-actions";
