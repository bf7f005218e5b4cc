/** Hidden-truth helpers re-exported for the control surface. */

export { trueCvr } from "./model.ts";
export { relevanceOf } from "./terms.ts";
