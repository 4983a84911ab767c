import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
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
