import { MARKETPLACE_CODES } from "@starport/marketplaces";
import { z } from "zod";
import { ValidationError } from "../errors.ts";
import { violation } from "../validation.ts";
import { STOCK_STATUSES, type StockStatus } from "./collection-rule-vocabulary.ts";

/**
 * The product list's query (GET /api/catalogue/products): filters, one sort, page, and the date
 * range of the ad metrics. The sortable columns are declared once here; the SQL maps each name.
 */

export const PRODUCT_SORTS = [
  "title",
  "sku",
  "asin",
  "marketplace",
  "brand",
  "category",
  "status",
  "price",
  "cost",
  "margin",
  "marginRate",
  "stock",
  "daysOfCover",
  "lifecycle",
  "spend",
  "sales",
  "acos",
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export { STOCK_STATUSES, type StockStatus };
/** Fewer days of cover than this is "low cover". */
export const LOW_COVER_DAYS = 14;

const uuidOrIri = z
  .string()
  .transform((v) => v.split("/").pop() ?? "")
  .pipe(z.uuid());
const price = z.coerce.number().min(0).max(1_000_000_000);

const schema = z
  .object({
    sellerProfile: uuidOrIri,
    marketplace: z.enum(MARKETPLACE_CODES as [string, ...string[]]).optional(),
    brand: z.string().max(200).optional(),
    category: z.string().max(200).optional(),
    tag: uuidOrIri.optional(),
    collection: uuidOrIri.optional(),
    stock: z.enum(STOCK_STATUSES).optional(),
    priceMin: price.optional(),
    priceMax: price.optional(),
    hasCost: z.enum(["true", "false"]).optional(),
    search: z.string().trim().max(200).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    sort: z.enum(PRODUCT_SORTS).default("title"),
    direction: z.enum(["asc", "desc"]).default("asc"),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    itemsPerPage: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { path: ["to"] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 731 * 86_400_000, {
    path: ["from"],
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    path: ["price[lte]"],
  });

export type ProductListQuery = z.infer<typeof schema>;

/** The query parameters besides `order[column]`, and the key each fills. */
const names: Record<string, string> = {
  sellerProfile: "sellerProfile",
  marketplace: "marketplace",
  brand: "brand",
  category: "category",
  tag: "tag",
  collection: "collection",
  stock: "stock",
  "price[gte]": "priceMin",
  "price[lte]": "priceMax",
  hasCost: "hasCost",
  search: "search",
  from: "from",
  to: "to",
  page: "page",
  itemsPerPage: "itemsPerPage",
};

/** Every named query parameter of the product list (for its route's schema). */
export const PRODUCT_LIST_PARAMETERS = Object.keys(names);

/** `order[price]=desc`, `price[gte]=10`, …: the API Platform spelling, parsed strictly (400). */
export function parseProductListQuery(query: URLSearchParams): ProductListQuery {
  const raw: Record<string, unknown> = {};
  for (const [parameter, key] of Object.entries(names)) {
    const value = query.get(parameter);
    if (value !== null && value !== "") raw[key] = value;
  }
  const orders = [...query.keys()].filter((k) => k.startsWith("order["));
  if (orders.length > 1) throw new ValidationError([violation("order", "invalid")], 400);
  if (orders[0]) {
    raw.sort = orders[0].slice("order[".length, -1);
    raw.direction = query.get(orders[0])?.toLowerCase();
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const inverse = Object.fromEntries(Object.entries(names).map(([p, k]) => [k, p]));
    const paths = [
      ...new Set(
        result.error.issues.map((issue) => {
          const key = String(issue.path[0] ?? "");
          if (key === "sort" || key === "direction") return "order";
          return inverse[key] ?? key;
        }),
      ),
    ];
    throw new ValidationError(
      paths.map((path) =>
        violation(path, path === "sellerProfile" && !raw.sellerProfile ? "required" : "invalid"),
      ),
      400,
    );
  }
  return result.data;
}
