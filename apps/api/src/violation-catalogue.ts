import type { ChangeRuleCode } from "@starport/amazon";

/**
 * Every code a constraint violation can carry (issue 20: errors once), grouped by the key the
 * web translates it under, with its English message: the fallback for API clients, never what a
 * person reads in Starport. A code sent that is not here, or here without a German and an English
 * translation, fails the web's catalogue test (apps/web/test/violation-catalogue.test.ts).
 *
 * On the wire a form code is bare (`required`, translated under `formValidationError.required`,
 * spec §5), a change or campaign-creation code names its key (`changes.violation.bidOutOfRange`),
 * and a file refusal is bare under its screen's key (`productImports.error.tooLarge`).
 */

/** The shape of a field, for every form (spec §5: `formValidationError.<code>`). */
export const FORM_VIOLATIONS = {
  required: "This value should not be blank.",
  invalid: "This value is not valid.",
  email: "This value is not a valid email address.",
  tooShort: "This value is too short.",
  tooLong: "This value is too long.",
  tooSmall: "This value is too small.",
  tooLarge: "This value is too large.",
  choice: "The value you selected is not a valid choice.",
  date: "This value is not a valid date.",
  unique: "This value is already used.",
  emailTaken: "This email address is already registered.",
  wrongPassword: "The current password is not correct.",
  bodyNotObject: "The request body must be a JSON object.",
  minBidAboveMaxBid: "The minimum bid must not be above the maximum bid.",
  lifecycleInDetails:
    "A product's lifecycle stage is set in its details (product_details.lifecycle), not in its settings.",
} as const;
export type FormViolationCode = keyof typeof FORM_VIOLATIONS;

const INVALID = FORM_VIOLATIONS.invalid;

/** Amazon's rules for a changed value (`validateChangeValue`), shared by changes and creations. */
const CHANGE_RULE_VIOLATIONS: Record<ChangeRuleCode, string> = {
  notANumber: "This value is not a number.",
  bidOutOfRange: "The bid is outside the marketplace's limits.",
  tooManyDecimals: "This value has too many decimals.",
  budgetOutOfRange: "The budget is outside the marketplace's limits.",
  invalidState: "This state is not valid here.",
  archivedIsFinal: "An archived entity cannot be changed.",
  nameBlank: "The name must not be blank.",
  nameTooLong: "The name is too long.",
  nameInvalidCharacters: "The name contains characters Amazon does not accept.",
  nameWhitespace: "The name must not begin or end with a space.",
  invalidBiddingStrategy: "This bidding strategy is not valid.",
  notAnInteger: "This value is not a whole number.",
  placementOutOfRange: "The adjustment must be between 0 and 900 %.",
  invalidDate: FORM_VIOLATIONS.date,
  startAfterEnd: "The start date must not be after the end date.",
  endBeforeStart: "The end date must not be before the start date.",
  fieldNotEditable: "This field cannot be changed on this entity.",
};

/** A staged change or creation (`changes.violation.<code>`). */
export const CHANGE_VIOLATIONS = {
  ...CHANGE_RULE_VIOLATIONS,
  stateUnchanged: "The entity is in this state already: reject the recommendation instead.",
  keywordTooLong: "A keyword has at most 10 words and 80 characters.",
  tooManyRows: "Too many rows at once: narrow the selection.",
} as const;
export type ChangeViolationCode = keyof typeof CHANGE_VIOLATIONS;

/** The campaign wizard (`campaignCreate.violation.<code>`). */
export const CAMPAIGN_CREATE_VIOLATIONS = {
  ...CHANGE_RULE_VIOLATIONS,
  required: FORM_VIOLATIONS.required,
  invalid: INVALID,
  nameTaken: "A campaign with this name exists already.",
  duplicate: "This entry appears twice.",
  missingTargets: "Manual campaigns need keywords or product targets.",
  unknownProduct: "This product is not a synced listing of the marketplace.",
  keywordTooLong: "A keyword has at most 80 characters and 10 words.",
} as const;
export type CampaignCreateViolationCode = keyof typeof CAMPAIGN_CREATE_VIOLATIONS;

/** A file a product import refuses before any job starts (`productImports.error.<code>`). */
export const PRODUCT_IMPORT_VIOLATIONS = {
  noFile: [400, "No file was uploaded."],
  malformed: [400, "The upload is not a complete multipart/form-data body."],
  tooLarge: [413, "The file is larger than 50 MB."],
  quotaExceeded: [
    413,
    "The files of your imports not yet done exceed your storage quota; run or wait for them first.",
  ],
  unsupportedType: [415, "The file is neither CSV nor XLSX."],
  empty: [422, "The file is empty."],
  unreadable: [422, "The file cannot be read."],
  noHeader: [422, "None of the first rows names a known column."],
  noRows: [422, "The file has a header but no rows."],
  invalid: [422, INVALID],
  alreadyStarted: [422, "This import has already been started or abandoned."],
  notConnected: [422, "No connected Seller Central account sells on this marketplace."],
} as const satisfies Record<string, readonly [number, string]>;
export type ProductImportViolationCode = keyof typeof PRODUCT_IMPORT_VIOLATIONS;

/** A keyword list file (`keywordRecs.user.import.error.<code>`). */
export const KEYWORD_LIST_VIOLATIONS = {
  noFile: [400, "No file was uploaded."],
  malformed: [400, "The upload is not a complete multipart/form-data body."],
  tooLarge: [413, "The file is larger than 1 MB."],
  unsupportedType: [415, "The file is neither CSV nor XLSX."],
  empty: [422, "The file is empty."],
  unreadable: [422, "The file cannot be read."],
  tooManyLines: [422, "The file has more than 5,000 keyword lines."],
} as const satisfies Record<string, readonly [number, string]>;
export type KeywordListViolationCode = keyof typeof KEYWORD_LIST_VIOLATIONS;

/** Each translation namespace with its codes: what the web's catalogue test walks. */
export const VIOLATION_CATALOGUE: Readonly<Record<string, readonly string[]>> = {
  formValidationError: Object.keys(FORM_VIOLATIONS),
  "changes.violation": Object.keys(CHANGE_VIOLATIONS),
  "campaignCreate.violation": Object.keys(CAMPAIGN_CREATE_VIOLATIONS),
  "productImports.error": Object.keys(PRODUCT_IMPORT_VIOLATIONS),
  "keywordRecs.user.import.error": Object.keys(KEYWORD_LIST_VIOLATIONS),
};

/** A product import's refusal of a field other than its file (its status, its marketplace). */
export function importViolation(propertyPath: string, code: ProductImportViolationCode) {
  return { propertyPath, code, message: PRODUCT_IMPORT_VIOLATIONS[code][1] };
}
