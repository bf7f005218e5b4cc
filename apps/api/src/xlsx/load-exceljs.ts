import { createRequire } from "node:module";
import type ExcelJS from "exceljs";

const require = createRequire(import.meta.url);
let loaded: typeof ExcelJS | undefined;

/**
 * ExcelJS on first use: it is about 400 CommonJS modules, needed only by imports and exports, so
 * the server and its workers do not load it at start-up. Synchronous because ExcelJS is CommonJS.
 */
export function loadExcelJS(): typeof ExcelJS {
  loaded ??= require("exceljs") as typeof ExcelJS;
  return loaded;
}
