/** The id of the build this code belongs to (vite.config.ts, build-meta.ts). */
declare const __STARPORT_BUILD_ID__: string;
