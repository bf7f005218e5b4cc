import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { buildMeta } from "./build-meta.ts";

export default defineConfig({
  plugins: [
    reactRouter(),
    buildMeta(),
    fastifyReactRouterDev({
      entry: "./server.ts",
      externalizeServerEntryImports: ["#server-context"],
    }),
  ],
  build: { sourcemap: process.env.BUNDLE_SOURCEMAP === "1" },
});
