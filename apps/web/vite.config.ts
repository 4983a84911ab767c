import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;
const outDir = resolve(root, "dist");

/**
 * After the client build, renders the landing page to HTML (an SSR build of
 * src/prerender.tsx) and puts it inside #root, so the landing paints before any JS runs.
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
      const ssrOut = mkdtempSync(join(tmpdir(), "fre-prerender-"));
      try {
        await build({
          configFile: false,
          root,
          logLevel: "warn",
          plugins: [react()],
          ssr: { noExternal: true },
          build: {
            ssr: resolve(root, "src/prerender.tsx"),
            outDir: ssrOut,
            emptyOutDir: true,
            rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
          },
        });
        const { renderLanding } = (await import(
          pathToFileURL(join(ssrOut, "prerender.mjs")).href
        )) as { renderLanding: () => Promise<string> };
        const indexPath = join(outDir, "index.html");
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
      } finally {
        rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding()],
  server: {
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    // The shared package only declares constants and schemas: nothing in it runs for its
    // side effects, so unused schemas (and zod with them) stay out of the landing bundle.
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id) => !id.includes("/packages/shared/"),
      },
    },
  },
});
