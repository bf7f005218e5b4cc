/** Hidden-truth helpers re-exported for the control surface. */

export { trueCvr } from "./simulation.ts";
export { relevanceOf } from "./terms.ts";
