export { useChangePassword } from "./api/auth-api";
export { useCredentials, useSignInPassword } from "./hooks/use-credentials";
export { useSignOut } from "./hooks/use-session-actions";
