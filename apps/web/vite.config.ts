import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import {
  build,
  defineConfig,
  type Plugin,
  type PluginOption,
  type Rollup,
  transformWithEsbuild,
  version as viteVersion,
} from "vite";
import { EARLY_SCREENS, SERVER_DRAWN_SCREENS, SIGNED_IN_AREA } from "./src/app/route-preload";

type RollupLog = Rollup.RollupLog;

const root = import.meta.dirname;
const outDir = resolve(root, "dist");

/**
 * @vitejs/plugin-react is hoisted to the repository root, where it imports the root's Vite 8
 * (pulled in by Vitest) while this app runs Vite 7; it then takes Vite 7 for rolldown-Vite and
 * its dev-server refresh transform fails. When the majors differ, fall back to esbuild's
 * automatic JSX runtime (no Fast Refresh in dev; production output is the same).
 */
function reactPlugin(): PluginOption {
  const require = createRequire(import.meta.url);
  const pluginVite = require(
    require.resolve("vite/package.json", {
      paths: [require.resolve("@vitejs/plugin-react")],
    }),
  ) as { version: string };
  const major = (version: string) => version.split(".")[0];
  return major(pluginVite.version) === major(viteVersion) ? react() : [];
}

/**
 * Known-harmless library noise: "use client" directives (meaningless in a client bundle) and
 * zod's misplaced #__PURE__ comments (Rollup drops them; zod is not in the landing bundle).
 */
function quietWarnings(warning: RollupLog, warn: (warning: RollupLog) => void): void {
  if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/zod/")) return;
  warn(warning);
}

/** Where the server build goes: a dot folder, which the server never serves. */
const SSR_DIR = ".ssr";

/**
 * After the client build, an SSR build of src/prerender.tsx and src/server-render.tsx into
 * dist/.ssr/: the first renders the landing page to HTML now and puts it inside #root, so the
 * landing paints before any JS runs; the second is what the API server draws the daily
 * signed-in screens with (decision 0022).
 */
function prerenderLanding(): Plugin {
  return {
    name: "fre-prerender-landing",
    apply: "build",
    // The pre-rendered HTML is the first paint: the app script must not compete with it.
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(
          '<script type="module" crossorigin',
          '<script type="module" crossorigin fetchpriority="low"',
        ),
    },
    async closeBundle() {
      const indexPath = join(outDir, "index.html");
      // The client build failed (its error is the one to see): nothing to fill.
      if (!existsSync(indexPath)) return;
      const ssrOut = join(outDir, SSR_DIR);
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        plugins: [reactPlugin()],
        esbuild: { jsx: "automatic" },
        // React's production build on the server too (the server's NODE_ENV says nothing of it).
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        ssr: { noExternal: true },
        build: {
          ssr: true,
          outDir: ssrOut,
          emptyOutDir: true,
          rollupOptions: {
            input: {
              prerender: resolve(root, "src/prerender.tsx"),
              "server-render": resolve(root, "src/server-render.tsx"),
            },
            output: { entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" },
            onwarn: quietWarnings,
          },
        },
      });
      const { renderLanding } = (await import(
        pathToFileURL(join(ssrOut, "prerender.mjs")).href
      )) as { renderLanding: () => Promise<string> };
      const html = readFileSync(indexPath, "utf8");
      const marker = '<div id="root"></div>';
      if (!html.includes(marker)) throw new Error("index.html has no empty #root to fill");
      writeFileSync(
        indexPath,
        html.replace(
          marker,
          `<div id="root" data-prerendered inert>${await renderLanding()}</div>`,
        ),
      );
      // The server renders with it: a module system of its own.
      writeFileSync(join(ssrOut, "package.json"), '{ "type": "module" }\n');
    },
  };
}

/** What public/boot.js is given: the first reads of each signed-in screen. */
interface BootRoutes {
  /** Every signed-in screen's (the layout's and the session's). */
  data: string[];
  screens: Record<string, string[]>;
}

/**
 * What the server puts in the HTML of each signed-in screen (apps/server/src/web.ts):
 * `<link rel=modulepreload>` of the chunks it needs, and the catalog chunks of its
 * namespaces in each language (boot.js preloads those of the saved language); and, for the
 * screens it draws, the first reads it makes to draw them.
 */
interface PreloadManifest {
  screens: Record<
    string,
    { modules: string[]; catalogs: Record<string, string[]>; data: string[]; drawn: boolean }
  >;
}

const BOOT_PLACEHOLDER = "/* fre-boot-routes */ null";
/** Read by the server; a dot folder, which the static files plugin does not serve. */
const PRELOAD_MANIFEST = ".vite/fre-preload.json";

/**
 * From src/app/route-preload.ts: writes into dist/boot.js the first API reads of each
 * signed-in screen, and into dist/.vite/fre-preload.json the chunks each one needs (its page,
 * the layout and the app's start, with everything they import statically) and its catalogs.
 */
function bootRoutes(): Plugin {
  let boot: BootRoutes | undefined;
  let preload: PreloadManifest | undefined;
  return {
    name: "fre-boot-routes",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === "chunk",
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Each module is in exactly one chunk (its own, or one Rollup merged it into).
      const byModule = new Map(
        chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)),
      );
      // A module's chunk and every chunk it imports statically (the entry is already loaded).
      const closure = (module: string): string[] => {
        const first = byModule.get(resolve(root, module));
        if (!first) throw new Error(`fre-boot-routes: no chunk for ${module}`);
        const found = new Set<string>();
        const queue = [first];
        while (queue.length > 0) {
          const chunk = queue.pop();
          if (!chunk || chunk.isEntry || found.has(chunk.fileName)) continue;
          found.add(chunk.fileName);
          for (const next of chunk.imports) {
            const imported = byFile.get(next);
            if (imported) queue.push(imported);
          }
        }
        return [...found];
      };
      const catalogs = new Map<string, string>();
      for (const [id, chunk] of byModule) {
        const match = /\/locales\/([a-z]{2})\/(\w+)\.json$/.exec(id);
        if (match) catalogs.set(`${match[1]}/${match[2]}`, chunk.fileName);
      }
      const languages = [...new Set([...catalogs.keys()].map((key) => key.slice(0, 2)))].sort();
      const area = SIGNED_IN_AREA.modules.flatMap(closure);
      preload = {
        screens: Object.fromEntries(
          Object.entries(EARLY_SCREENS).map(([path, screen]) => {
            const namespaces = [...SIGNED_IN_AREA.namespaces, ...screen.namespaces];
            const byLanguage = Object.fromEntries(
              languages.map((language) => [
                language,
                [...(language === "fr" ? [] : SIGNED_IN_AREA.startNamespaces), ...namespaces]
                  .map((namespace) => catalogs.get(`${language}/${namespace}`))
                  .filter((file): file is string => file !== undefined),
              ]),
            );
            const modules = [...new Set([...area, ...closure(screen.module)])].sort();
            // The server reads these for a server render (the layout's, then the page's).
            const data = [...SIGNED_IN_AREA.data, ...screen.data];
            const drawn = SERVER_DRAWN_SCREENS.includes(path);
            return [path, { modules, catalogs: byLanguage, data, drawn }];
          }),
        ),
      };
      boot = {
        data: SIGNED_IN_AREA.data,
        screens: Object.fromEntries(
          Object.entries(EARLY_SCREENS).map(([path, screen]) => [path, screen.data]),
        ),
      };
    },
    async closeBundle() {
      if (!boot || !preload) return;
      const bootPath = join(outDir, "boot.js");
      const source = readFileSync(bootPath, "utf8");
      if (!source.includes(BOOT_PLACEHOLDER)) throw new Error(`boot.js has no ${BOOT_PLACEHOLDER}`);
      // It blocks the first paint of every page, the landing's included: as small as can be.
      const { code } = await transformWithEsbuild(
        source.replace(BOOT_PLACEHOLDER, JSON.stringify(boot)),
        bootPath,
        { loader: "js", target: "es2020", minify: true },
      );
      writeFileSync(bootPath, code);
      mkdirSync(join(outDir, ".vite"), { recursive: true });
      writeFileSync(join(outDir, PRELOAD_MANIFEST), JSON.stringify(preload));
    },
  };
}

/**
 * Where a dynamic import leaves the visitors' world: the signed-in (and admin) area's guards,
 * layouts and pages. Everything else the entry can reach, statically or lazily, is what a
 * visitor may load (the landing, sign-in, the FAQ…) and keeps Rollup's own chunking.
 */
const SIGNED_IN_TARGET =
  /\/src\/(app\/(layouts\/(authenticated|admin|session)-layout|session-guards|early-data)\.tsx?$|features\/(admin|ads|bonus-codes|daily|mining|leaderboard|wallet|referrals|profile|notifications|messages|contest|support|shop|kyc|withdrawals|games|ton)\/|features\/platform-status\/admin\/)/;

/** The screens people open every day after signing in: one chunk with the area around them. */
const HOT_SCREENS = ["/dashboard", "/leaderboard", "/wallet"];

/**
 * Output.manualChunks, for fewer requests on a signed-in screen (HTTP/1.1 asks for 6 at a
 * time; it took ~45). Rollup moves a manual chunk's static imports into it unless they are in
 * another manual chunk, so every module a daily signed-in screen needs is placed:
 * - the app's start (what main.ts imports step by step, the landing's initial JS): in one
 *   chunk per step, the step that first reaches it, so the landing loads the same code in
 *   fewer files and each step still evaluates in its own task;
 * - what visitors may also load later (sign-in forms' fields…): "app-shared";
 * - the rest (the layout, the guard, the three daily pages and what only they import):
 *   "app-area".
 */
/** Modules of the area kept apart (see signedInChunks). */
const OWN_CHUNK =
  /\/((?:admin-[\w-]+(?<!-api))|support-validation|schema-input|admin-form-values)\.tsx?$/;

/** A file of packages/shared, named by its folder under src/ (games, schemas) or itself. */
const SHARED_FILE = /\/packages\/shared\/src\/([\w-]+)/;

/**
 * TanStack Query's hooks that no landing module calls: the query client's step would otherwise
 * carry them (a manual chunk renders every used export of its modules, wherever it is used), so
 * they go with the sign-in forms' chunk instead (0.7 KB gzip off the landing).
 */
const NOT_ON_THE_LANDING =
  /\/@tanstack\/(?:react-query|query-core)\/build\/modern\/(?:useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/;

function signedInChunks(): Rollup.ManualChunksOption {
  let placed: Map<string, string> | undefined;
  const place = (getModuleInfo: Rollup.GetModuleInfo) => {
    const chunks = new Map<string, string>();
    const main = resolve(root, "src/main.ts");
    // What the given modules import statically (and lazily where `follow` says so), skipping
    // `skip`; packages/shared's files are placed on the way.
    const closure = (
      from: string[],
      skip: (id: string) => boolean,
      follow: (dynamicId: string) => boolean = () => false,
    ) => {
      const found = new Set<string>();
      const queue = [...from];
      while (queue.length > 0) {
        const id = queue.pop();
        if (!id || found.has(id) || skip(id)) continue;
        const shared = SHARED_FILE.exec(id);
        if (shared) {
          // Its own chunk (with the zod or hashing code it pulls in): a chunk importing the
          // package's barrel only loads the files whose exports it uses.
          // (Not the barrel, nor a file of types only: both are empty once compiled.)
          const info = getModuleInfo(id);
          if (shared[1] !== "index" && (info?.exports?.length ?? 0) > 0) {
            chunks.set(id, `shared-${shared[1]}`);
          }
          queue.push(...(info?.importedIds ?? []).filter((next) => SHARED_FILE.test(next)));
          continue;
        }
        if (/\/node_modules\/(zod|@noble)\//.test(id)) continue;
        found.add(id);
        const info = getModuleInfo(id);
        if (!info) continue;
        queue.push(...info.importedIds, ...info.dynamicallyImportedIds.filter(follow));
      }
      return found;
    };
    // The entry and what it imports itself (Vite's preload helper) stay one chunk: were the
    // helper in a step's chunk, the page would fetch that step with the first paint's CSS.
    const html = getModuleInfo(main)?.importers ?? [];
    for (const id of closure([...html, main], () => false)) {
      if (!id.endsWith(".css")) chunks.set(id, "index");
    }
    const steps = getModuleInfo(main)?.dynamicallyImportedIds ?? [];
    for (const step of steps) {
      const name = `step-${step.replace(/^.*\/(node_modules\/)?([^/]+?)(\.[jt]sx?)?(\?.*)?$/, "$2")}`;
      for (const id of closure([step], (id) => chunks.has(id) || NOT_ON_THE_LANDING.test(id))) {
        chunks.set(id, name);
      }
    }
    const visitors = closure(
      [main],
      () => false,
      (next) => !SIGNED_IN_TARGET.test(next),
    );
    // What the landing itself may load later (its statistics' formatting, the cookie banner):
    // not the other pages' chunks, the signed-in area's (the admin sections' lazy pages, each in
    // its feature's admin/ folder), what
    // hydrates a screen the server drew, nor the maintenance screen (shown only while an admin
    // has turned maintenance on: its buttons and alerts must not weigh on every landing), nor the
    // Telegram Mini App (loaded inside Telegram only, decision 0042).
    const landing = closure(
      [main],
      () => false,
      (next) =>
        !SIGNED_IN_TARGET.test(next) &&
        !/\/routes\/|\/admin\/|layout\.tsx$|server-drawn|maintenance-screen|telegram-mini-app/.test(
          next,
        ),
    );
    const roots = [
      ...SIGNED_IN_AREA.modules,
      ...HOT_SCREENS.map((path) => EARLY_SCREENS[path]?.module ?? ""),
    ].map((module) => resolve(root, module));
    for (const id of closure(roots, (id) => chunks.has(id))) {
      // Catalogs stay one chunk per language and namespace (boot.js preloads the user's).
      if (id.endsWith(".json")) continue;
      // Admin screens' parts and form validation (zod) are reached through a feature's index
      // without being used by the area: each its own chunk, so zod comes only where used.
      const own = OWN_CHUNK.exec(id)?.[1];
      const shared = landing.has(id) ? "app-landing" : "app-shared";
      chunks.set(id, own ? `own-${own}` : visitors.has(id) ? shared : "app-area");
    }
    return chunks;
  };
  return (id, { getModuleInfo }) => {
    placed ??= place(getModuleInfo);
    return NOT_ON_THE_LANDING.test(id) ? "app-shared" : placed.get(id);
  };
}

/** Public files the service worker keeps for offline use (besides the hashed assets). */
const SHELL_FILES = [
  "/index.html",
  "/offline.html",
  "/offline.css",
  "/offline.js",
  "/boot.js",
  "/favicon.svg",
  "/manifest.webmanifest",
  "/icons/icon-192.png",
  "/icons/badge-96.png",
];

/** Chunks the app shell leaves out: admin screens and catalogs, and any TON wallet widget. */
function outsideShell(chunk: Rollup.OutputChunk): boolean {
  if (chunk.name.startsWith("admin") || chunk.facadeModuleId?.includes("/features/admin/")) {
    return true;
  }
  // The widget (@tonconnect) and what imports it, not the card that loads it on demand; the
  // proof-of-work widget (altcha, its own chunk: sign-up and a first start only, decision 0044).
  return chunk.moduleIds.some((id) =>
    /tonconnect|ton-connect-root|\/node_modules\/altcha\//i.test(id),
  );
}

/**
 * Emits dist/sw.js from src/features/pwa/service-worker/sw.ts: types stripped, with the list
 * of files to precache (everything the entry reaches, static or lazy, except admin and wallet
 * widget chunks) and a version hashed from that list and the worker's code.
 */
function serviceWorker(): Plugin {
  const source = resolve(root, "src/features/pwa/service-worker/sw.ts");
  return {
    name: "fre-service-worker",
    apply: "build",
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === "chunk",
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = new Set<string>();
      const queue = chunks.filter((chunk) => chunk.isEntry);
      while (queue.length > 0) {
        const chunk = queue.pop();
        if (!chunk || files.has(chunk.fileName) || outsideShell(chunk)) continue;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
          const found = byFile.get(next);
          if (found) queue.push(found);
        }
      }
      const precache = [...SHELL_FILES, ...[...files].sort().map((file) => `/${file}`)];
      const { code } = await transformWithEsbuild(readFileSync(source, "utf8"), source, {
        loader: "ts",
        target: "es2022",
        minify: true,
      });
      const publicFiles = ["offline.html", "offline.css", "offline.js", "manifest.webmanifest"]
        .map((file) => readFileSync(resolve(root, "public", file), "utf8"))
        .join("\n");
      const version = createHash("sha256")
        .update(JSON.stringify(precache))
        .update(code)
        .update(publicFiles)
        .digest("base64url")
        .slice(0, 12);
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: `const SW_VERSION=${JSON.stringify(version)};const SW_PRECACHE=${JSON.stringify(precache)};\n${code}`,
      });
    },
  };
}

export default defineConfig({
  plugins: [reactPlugin(), tailwindcss(), prerenderLanding(), bootRoutes(), serviceWorker()],
  // react-i18next asks for the React 17 polyfill of useSyncExternalStore; React 19 has its own,
  // so the landing need not carry the shim (about 0.8 KB gzip).
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: resolve(root, "src/lib/sync-external-store.ts"),
      },
    ],
  },
  esbuild: { jsx: "automatic" },
  server: {
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
      "/tonconnect-manifest.json": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    // The Telegram Mini App's chunk (loaded inside Telegram only) and the admin console's pages
    // fetch their own imports: listed here, their file names would ride in the landing's start
    // and router chunks (decision 0042). An admin's first console page waits one more round trip.
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        /telegram-mini-app|(^|\/)admin-[\w-]+\.js$/.test(filename) ? [] : deps,
    },
    // The shared package only declares constants and schemas: nothing in it runs for its
    // side effects, so unused schemas (and zod with them) stay out of the landing bundle.
    rollupOptions: {
      onwarn: quietWarnings,
      output: { manualChunks: signedInChunks() },
      treeshake: {
        moduleSideEffects: (id) => !id.includes("/packages/shared/"),
      },
    },
  },
});
