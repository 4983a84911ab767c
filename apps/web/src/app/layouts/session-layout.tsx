import { PageLoader } from "../../components/ui/spinner";
import { hasSignedInHint, useMe } from "../../lib/session";
import { AuthenticatedLayout } from "./authenticated-layout";
import { PublicLayout } from "./public-layout";

/**
 * Pages open to everyone (the FAQ): a signed-in user reads them in the app's layout, with its
 * menu and bottom bar; a visitor in the public one. A browser that was signed in waits for
 * /api/me, so the wrong frame never flashes.
 */
export function SessionLayout() {
  const { data: me, isPending } = useMe();
  if (isPending && hasSignedInHint()) return <PageLoader fullScreen />;
  return me ? <AuthenticatedLayout /> : <PublicLayout framed />;
}
