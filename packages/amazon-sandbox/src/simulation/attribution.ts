/**
 * Stage 5 of a simulated day, attribution: each order is reported a number of days after its
 * click (its lag, drawn from the model's lag distribution); reports count an order in the
 * attribution windows its lag falls within.
 */
import { MODEL } from "../model.ts";

/** The lag (days) of a uniform draw `u` from [0, 1). */
export function lagOf(u: number): number {
  let acc = 0;
  for (let i = 0; i < MODEL.attributionLag.length; i++) {
    acc += MODEL.attributionLag[i] ?? 0;
    if (u < acc) return i;
  }
  return MODEL.attributionLag.length - 1;
}
