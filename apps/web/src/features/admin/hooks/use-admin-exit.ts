import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { leaveAdmin } from "../leave-admin";

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * The access code is valid only while the user stays under /admin (spec §2): when the admin
 * console goes away for a page outside /admin, the elevation is revoked on the server and
 * forgotten here. Watching from the console itself keeps this code off every other page.
 */
export function useAdminExit(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      // Still under /admin (StrictMode's rehearsal, an error screen): not a departure.
      if (!isAdminPath(window.location.pathname)) leaveAdmin(queryClient);
    },
    [queryClient],
  );
}

export function AdminExitWatcher() {
  useAdminExit();
  return null;
}
