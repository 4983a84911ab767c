import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Navigate, useParams } from "react-router";
import { PageLoader } from "../../../components/ui/spinner";
import { loadNamespaces } from "../../../lib/i18n";
import { ADMIN_SECTIONS, type AdminSection, type AdminSectionEntry } from "../admin-sections";
import { AdminPlaceholderPage } from "./admin-placeholder-page";

/** A section's screen: its module and its catalogs, fetched together. */
export async function loadSectionScreen(entry: AdminSectionEntry): Promise<ComponentType> {
  const { load, section } = entry;
  const [Component] = await Promise.all([
    load ? load() : () => <AdminPlaceholderPage section={section as AdminSection} />,
    loadNamespaces(...(entry.namespaces ?? [])),
  ]);
  return Component;
}

/** Each section's screen, made once. */
const screens = new Map<string, LazyExoticComponent<ComponentType>>();

function screenOf(entry: AdminSectionEntry): LazyExoticComponent<ComponentType> {
  let screen = screens.get(entry.section);
  if (!screen) {
    screen = lazy(() => loadSectionScreen(entry).then((Component) => ({ default: Component })));
    screens.set(entry.section, screen);
  }
  return screen;
}

/**
 * `/admin/:section`: the console's section screens behind one route, so the route table — in
 * the landing's first script — carries no list of them (the list arrives with the console).
 */
export function AdminSectionPage() {
  const { section } = useParams();
  const entry = ADMIN_SECTIONS.find((candidate) => candidate.section === section);
  if (!entry) return <Navigate to="/admin" replace />;
  const Screen = screenOf(entry);
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
