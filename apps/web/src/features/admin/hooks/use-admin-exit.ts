import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type AdminAccess, adminKeys, revokeAdminAccess } from "../api/admin-api";

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * The access code is valid only while the user stays under /admin (spec §2): leaving
 * revokes the elevation on the server and forgets it here.
 */
export function useAdminExit(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const wasAdmin = useRef(isAdminPath(pathname));
  useEffect(() => {
    const isAdmin = isAdminPath(pathname);
    if (wasAdmin.current && !isAdmin) {
      const access = queryClient.getQueryData<AdminAccess>(adminKeys.access);
      queryClient.removeQueries({ queryKey: adminKeys.all });
      if (access?.elevated) {
        revokeAdminAccess().catch((error: unknown) =>
          console.warn("Could not revoke the admin elevation", error),
        );
      }
    }
    wasAdmin.current = isAdmin;
  }, [pathname, queryClient]);
}

export function AdminExitWatcher() {
  useAdminExit();
  return null;
}
