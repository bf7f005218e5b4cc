/** Saves a file the API makes (a template, a run's errors) under the name given. */
import { browserHydra } from "../../../lib/api/session-hydra.ts";

export async function download(path: string, fileName: string) {
  const response = await browserHydra().request(path, { headers: { accept: "text/csv" } });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
