import type { QueryClient } from "@tanstack/react-query";
import { type AdminAccess, adminKeys, revokeAdminAccess } from "../../lib/admin-access";

/** Leaving /admin: forget the console's data and end the elevation on the server. */
export function leaveAdmin(queryClient: QueryClient): void {
  const access = queryClient.getQueryData<AdminAccess>(adminKeys.access);
  queryClient.removeQueries({ queryKey: adminKeys.all });
  if (access?.elevated) {
    revokeAdminAccess().catch((error: unknown) =>
      console.warn("Could not revoke the admin elevation", error),
    );
  }
}
