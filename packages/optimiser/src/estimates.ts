import type { CampaignNode, CvrEstimate } from "./types.ts";

/**
 * The fitted CVR of every keyword/target, read from the run's arrays on demand. A Map of a
 * million `{ cvr, clicks }` objects cost the run more than its statistics (issue 19's speed goal);
 * the backtest reads a few thousand; the run finds its search terms' targets while flattening the tree.
 */
export class TargetEstimates implements ReadonlyMap<string, CvrEstimate> {
  readonly #campaigns: readonly CampaignNode[];
  readonly #cvr: Float64Array;
  readonly #clicks: Float64Array;
  #index: Map<string, number> | null = null;

  constructor(campaigns: readonly CampaignNode[], cvr: Float64Array, clicks: Float64Array) {
    this.#campaigns = campaigns;
    this.#cvr = cvr;
    this.#clicks = clicks;
  }

  get size(): number {
    return this.#cvr.length;
  }

  #positions(): Map<string, number> {
    if (this.#index === null) {
      const index = new Map<string, number>();
      for (const [id, i] of this.#walk()) index.set(id, i);
      this.#index = index;
    }
    return this.#index;
  }

  *#walk(): Generator<[string, number]> {
    let i = 0;
    for (const c of this.#campaigns)
      for (const g of c.adGroups) for (const t of g.targets) yield [t.id, i++];
  }

  #at(i: number): CvrEstimate {
    return { cvr: this.#cvr[i] as number, clicks: this.#clicks[i] as number };
  }

  /** The position of keyword/target `id` in the run's arrays. */
  positionOf(id: string): number | undefined {
    return this.#positions().get(id);
  }

  get(id: string): CvrEstimate | undefined {
    const i = this.#positions().get(id);
    return i === undefined ? undefined : this.#at(i);
  }

  has(id: string): boolean {
    return this.#positions().has(id);
  }

  forEach(
    callback: (value: CvrEstimate, key: string, map: ReadonlyMap<string, CvrEstimate>) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, value] of this.entries()) callback.call(thisArg, value, id, this);
  }

  *entries(): MapIterator<[string, CvrEstimate]> {
    for (const [id, i] of this.#walk()) yield [id, this.#at(i)];
  }

  *keys(): MapIterator<string> {
    for (const [id] of this.#walk()) yield id;
  }

  *values(): MapIterator<CvrEstimate> {
    for (const [, i] of this.#walk()) yield this.#at(i);
  }

  [Symbol.iterator](): MapIterator<[string, CvrEstimate]> {
    return this.entries();
  }
}
