import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers";
import { queryClient } from "./app/query-client";
import { createRouter } from "./app/router";
import { initI18n } from "./lib/i18n";
import { meQuery } from "./lib/session";

// Ask who is signed in while the catalogs and the first route load.
void queryClient.prefetchQuery(meQuery);

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

initI18n()
  .catch((error: unknown) => console.error("Translations failed to load", error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    );
  });

window.addEventListener("unhandledrejection", (event) => {
  console.warn("Unhandled promise rejection", event.reason);
});
