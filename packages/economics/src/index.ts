/**
 * Product economics: gross price, VAT, Amazon fees, shipping and cost of goods →
 * contribution margin before ads and break-even ACoS, with the breakdown that explains it.
 */
export {};
