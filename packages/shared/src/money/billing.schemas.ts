import { z } from 'zod';
import {
  idSchema,
  idTextSchema,
  isoDateSchema,
  MAX_INT,
  dataOf,
  versionSchema,
} from '../common/api.schemas.ts';
import { printFrameSchema } from '../print/printing.schemas.ts';
import { userRefSchema, VISIT_REASONS } from '../queue/queue.schemas.ts';
import type { Currency } from './money.ts';

/**
 * The clinic's money: the contracts of every billing call (docs/money.md).
 *
 * - A **service** is a priced item of the price list (a consultation, with one per doctor where the doctors' fees
 *   differ; a follow-up visit; a test; a procedure; a surgery). Its prices are in IQD and optionally in USD.
 * - A **charge** is a service given to a patient on a visit, with the price copied at that moment: a later price
 *   change never changes it. A charge's `balance` is what is still due.
 * - An **entry** is everything that happens to a charge afterwards: a payment, a discount, an exemption, a refund of
 *   a payment, a void of a charge or of a discount. Entries are only ever added: a refund or void is a new entry
 *   that reverses an earlier one, never an edit or a delete. A charge's balance is its amount plus its entries'
 *   `dueDelta`s.
 * - A **receipt** is one payment (one method, one currency) over one or more charges of one patient, numbered per
 *   organization and year without gaps.
 * - A **shift** is a cashier's drawer from opening (with a float) to closing (counted).
 *
 * Amounts are integers in the currency's minor unit (money.ts): dinars, dollar cents.
 */

export const CURRENCIES = ['IQD', 'USD'] as const satisfies readonly Currency[];
export const currencySchema = z.enum(CURRENCIES, { error: 'currency.invalid' });

/** The largest amount one entry may carry: 10^11 minor units (a hundred billion dinars; a billion dollars). */
export const MAX_AMOUNT = 100_000_000_000;
export const amountSchema = (key = 'amount') =>
  z
    .number({ error: `${key}.required` })
    .int(`${key}.integer`)
    .min(0, `${key}.min`)
    .max(MAX_AMOUNT, `${key}.max`);
/** A positive amount (a payment, a discount, a float may be 0 but a payment line may not). */
export const positiveAmountSchema = (key = 'amount') => amountSchema(key).refine((n) => n > 0, `${key}.min`);

export const moneySchema = z.object({ amount: z.number().int(), currency: currencySchema });
export type MoneyValue = z.infer<typeof moneySchema>;

export const SERVICE_KINDS = ['consultation', 'follow_up', 'test', 'procedure', 'surgery', 'other'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
/** The kinds a free return applies to: a second visit with the same doctor within the window costs nothing. */
export const FREE_RETURN_KINDS: readonly ServiceKind[] = ['consultation', 'follow_up'];

export const PAYMENT_METHODS = ['cash', 'card', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ENTRY_KINDS = ['payment', 'discount', 'exemption', 'refund', 'void'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const EXEMPTION_CATEGORIES = ['staff', 'relative', 'charity', 'other'] as const;
export type ExemptionCategory = (typeof EXEMPTION_CATEGORIES)[number];

const reasonSchema = z.string().trim().min(2, 'reason.required').max(300, 'reason.max');
const nameTextSchema = (key: string) => z.string().trim().min(1, `${key}.required`).max(120, `${key}.max`);

// ----- The price list ---------------------------------------------------------------------------------------------

export const serviceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  kind: z.enum(SERVICE_KINDS),
  /** Queueing a visit with this reason charges this service (the consultation for `Examinations`, …). */
  visitReason: z.enum(VISIT_REASONS).nullable(),
  /** A consultation priced for one doctor; null: every doctor without a price of their own. */
  doctor: userRefSchema.nullable(),
  priceIqd: z.number().int(),
  /** Null: not offered in dollars. */
  priceUsd: z.number().int().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type BillingService = z.infer<typeof serviceSchema>;
export const serviceResponseSchema = dataOf(serviceSchema);
export const serviceListSchema = dataOf(z.array(serviceSchema));

export const serviceCreateSchema = z.strictObject({
  /** A short code of the clinic's own (`OCT`, `YAG`), unique in the organization. */
  code: z
    .string()
    .trim()
    .min(1, 'code.required')
    .max(20, 'code.max')
    .regex(/^[A-Za-z0-9_-]+$/, 'code.invalid'),
  nameAr: nameTextSchema('nameAr'),
  nameEn: nameTextSchema('nameEn'),
  kind: z.enum(SERVICE_KINDS, { error: 'kind.invalid' }),
  visitReason: z.enum(VISIT_REASONS, { error: 'visitReason.invalid' }).nullable().default(null),
  doctorId: idSchema.nullable().default(null),
  priceIqd: amountSchema('priceIqd'),
  priceUsd: amountSchema('priceUsd').nullable().default(null),
  active: z.boolean().default(true),
});
export type ServiceCreate = z.output<typeof serviceCreateSchema>;

/** `POST /api/mo/billing/services/{id}`: the fields given change; charges already made keep their price. */
export const serviceUpdateSchema = serviceCreateSchema.partial().extend({ version: versionSchema }).strict();
export type ServiceUpdate = z.output<typeof serviceUpdateSchema>;

// ----- Settings: the free-return window, the discount limits per role ------------------------------------------

export const DEFAULT_FREE_RETURN_DAYS = 10;

export const billingSettingsSchema = z.object({
  /** A consultation or follow-up with the same doctor within this many days of a charged consultation is free. */
  freeReturnDays: z.number().int(),
  /**
   * The largest discount, in percent of a charge, a role may give without `give discounts` (0: none). A user's
   * limit is the highest of their roles'.
   */
  discountLimits: z.array(
    z.object({ roleId: z.number().int(), roleName: z.string(), percent: z.number().int() }),
  ),
  version: z.number().int(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
export const billingSettingsResponseSchema = dataOf(billingSettingsSchema);

export const billingSettingsUpdateSchema = z.strictObject({
  freeReturnDays: z
    .number()
    .int('freeReturnDays.invalid')
    .min(0, 'freeReturnDays.min')
    .max(365, 'freeReturnDays.max'),
  discountLimits: z
    .array(
      z.strictObject({
        roleId: idSchema,
        percent: z.number().int('percent.invalid').min(0, 'percent.min').max(100, 'percent.max'),
      }),
    )
    .max(200),
  version: versionSchema,
});
export type BillingSettingsUpdate = z.output<typeof billingSettingsUpdateSchema>;

/** A doctor's share of what patients paid for a service (or for every service, `serviceId` null), in percent. */
export const doctorShareSchema = z.object({
  doctor: userRefSchema,
  serviceId: z.number().int().nullable(),
  percent: z.number().int(),
});
export type DoctorShare = z.infer<typeof doctorShareSchema>;
export const doctorShareListSchema = dataOf(z.array(doctorShareSchema));
/** `PUT`-like: the whole table of shares replaces the old one (each change is audited with the old and new). */
export const doctorSharesUpdateSchema = z.strictObject({
  shares: z
    .array(
      z.strictObject({
        doctorId: idSchema,
        serviceId: idSchema.nullable(),
        percent: z.number().int('percent.invalid').min(0, 'percent.min').max(100, 'percent.max'),
      }),
    )
    .max(2000),
});
export type DoctorSharesUpdate = z.output<typeof doctorSharesUpdateSchema>;

// ----- Charges and entries --------------------------------------------------------------------------------------

export const entrySchema = z.object({
  id: z.number().int(),
  chargeId: z.number().int(),
  kind: z.enum(ENTRY_KINDS),
  /** Positive: what the entry moved, in the charge's currency. */
  amount: z.number().int(),
  currency: currencySchema,
  /** What it did to the charge's balance: a payment, discount, exemption or void of a charge lowers it (negative). */
  dueDelta: z.number().int(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  wallet: z.string().nullable(),
  /** A discount given in percent: the percent (the amount is then computed and rounded down). */
  percent: z.number().int().nullable(),
  category: z.enum(EXEMPTION_CATEGORIES).nullable(),
  reason: z.string().nullable(),
  receiptId: z.number().int().nullable(),
  /** For a refund or a void of an entry: the entry it reverses. */
  reversesId: z.number().int().nullable(),
  /** Set when a later refund or void reverses this entry. */
  reversedById: z.number().int().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
});
export type BillingEntry = z.infer<typeof entrySchema>;

export const chargeSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  queueId: z.number().int().nullable(),
  serviceId: z.number().int(),
  code: z.string(),
  /** The service's names when charged. */
  nameAr: z.string(),
  nameEn: z.string(),
  kind: z.enum(SERVICE_KINDS),
  doctor: userRefSchema.nullable(),
  currency: currencySchema,
  /** The price list's price when charged. */
  listAmount: z.number().int(),
  /** What was charged: the list price, or 0 for a free return. */
  amount: z.number().int(),
  /** A free return: the charged visit it returns to. */
  freeReturnOf: z.number().int().nullable(),
  /** Still due: `amount` + the entries' `dueDelta`s. */
  balance: z.number().int(),
  voided: z.boolean(),
  /** The clinic's calendar day the charge was made. */
  day: z.string(),
  version: z.number().int(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
  entries: z.array(entrySchema),
});
export type Charge = z.infer<typeof chargeSchema>;
export const chargeResponseSchema = dataOf(chargeSchema);

/** `POST /api/mo/billing/visits/{queueId}/charges`: a test or procedure done during the visit. */
export const chargeCreateSchema = z.strictObject({
  serviceId: idSchema,
  /** Defaults to IQD; USD only for a service priced in dollars. */
  currency: currencySchema.default('IQD'),
});
export type ChargeCreate = z.output<typeof chargeCreateSchema>;

export const visitParamsSchema = z.object({ queueId: idTextSchema });

export const discountCreateSchema = z
  .strictObject({
    version: versionSchema,
    by: z.enum(['amount', 'percent'], { error: 'by.invalid' }),
    /** Minor units for `amount`; 1–100 for `percent`. */
    value: z
      .number({ error: 'value.required' })
      .int('value.integer')
      .min(1, 'value.min')
      .max(MAX_AMOUNT, 'value.max'),
    reason: reasonSchema,
  })
  .refine((d) => d.by === 'amount' || d.value <= 100, { path: ['value'], message: 'value.max' });
export type DiscountCreate = z.output<typeof discountCreateSchema>;

export const exemptionCreateSchema = z.strictObject({
  version: versionSchema,
  category: z.enum(EXEMPTION_CATEGORIES, { error: 'category.invalid' }),
  reason: reasonSchema,
});
export type ExemptionCreate = z.output<typeof exemptionCreateSchema>;

/** `POST /api/mo/billing/charges/{id}/void`: a charge made in error; its payments must be refunded first. */
export const chargeVoidSchema = z.strictObject({ version: versionSchema, reason: reasonSchema });
export type ChargeVoid = z.output<typeof chargeVoidSchema>;

/**
 * `POST /api/mo/billing/entries/{id}/reverse`: a payment is refunded (from the caller's open shift), a discount or
 * exemption voided. An entry is reversed at most once.
 */
export const entryReverseSchema = z.strictObject({ reason: reasonSchema });
export type EntryReverse = z.output<typeof entryReverseSchema>;

// ----- Payments and receipts ------------------------------------------------------------------------------------

/** The header that makes a payment POST safe to retry: the same key answers the same receipt, recorded once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string({ error: 'idempotencyKey.required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotencyKey.invalid');

export const paymentCreateSchema = z
  .strictObject({
    patientId: idSchema,
    method: z.enum(PAYMENT_METHODS, { error: 'method.invalid' }),
    /** For a transfer: the wallet or bank (Zain Cash, FIB, AsiaHawala…). */
    wallet: z.string().trim().min(1, 'wallet.required').max(60, 'wallet.max').nullable().default(null),
    currency: currencySchema,
    /** Each charge paid, with the version read (a stale one is a 409 with the charge as it is now). */
    lines: z
      .array(z.strictObject({ chargeId: idSchema, version: versionSchema, amount: positiveAmountSchema() }))
      .min(1, 'lines.required')
      .max(50, 'lines.max'),
  })
  .refine((p) => p.method !== 'transfer' || p.wallet !== null, {
    path: ['wallet'],
    message: 'wallet.required',
  })
  .refine((p) => new Set(p.lines.map((l) => l.chargeId)).size === p.lines.length, {
    path: ['lines'],
    message: 'lines.duplicate',
  });
export type PaymentCreate = z.output<typeof paymentCreateSchema>;

export const receiptLineSchema = z.object({
  chargeId: z.number().int(),
  code: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  doctor: userRefSchema.nullable(),
  amount: z.number().int(),
  /** What the charge still owes after this payment (at the time of payment). */
  balanceAfter: z.number().int(),
});

export const receiptSchema = z.object({
  id: z.number().int(),
  /** `2026-000123`: the year and the number within it. */
  number: z.string(),
  year: z.number().int(),
  sequence: z.number().int(),
  patient: z.object({ id: z.number().int(), name: z.string(), fileNumber: z.number().int() }),
  method: z.enum(PAYMENT_METHODS),
  wallet: z.string().nullable(),
  currency: currencySchema,
  total: z.number().int(),
  lines: z.array(receiptLineSchema),
  /** The patient's balance in the receipt's currency after it. */
  balanceAfter: z.number().int(),
  cashier: userRefSchema,
  shiftId: z.number().int(),
  /** Times printed before; a print when this is > 0 is marked as a copy. */
  printCount: z.number().int(),
  createdAt: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponseSchema = dataOf(receiptSchema);

/**
 * `GET /api/mo/billing/receipts/{id}` as the print page reads it: the receipt with the frame of the clinic's sheets
 * (its name and default print setting: header, footer, logo), which a cashier could not read otherwise
 * (`GET /printSetting` needs `print setting`). Optional: without it the receipt prints under the clinic's name.
 */
export const receiptViewResponseSchema = dataOf(receiptSchema.extend({ frame: printFrameSchema.optional() }));
export type ReceiptView = z.infer<typeof receiptViewResponseSchema>['data'];

/** `POST /api/mo/billing/receipts/{id}/print`: counts the print; `copy` says whether this print is a copy. */
export const receiptPrintSchema = dataOf(receiptSchema.extend({ copy: z.boolean() }));

/** A patient's account: what is due per currency, the charges with their entries, and the receipts. */
export const accountSchema = z.object({
  patientId: z.number().int(),
  balances: z.array(moneySchema),
  charges: z.array(chargeSchema),
  receipts: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      currency: currencySchema,
      total: z.number().int(),
      method: z.enum(PAYMENT_METHODS),
      createdAt: z.string(),
    }),
  ),
});
export type Account = z.infer<typeof accountSchema>;
export const accountResponseSchema = dataOf(accountSchema);

/** `GET /api/mo/billing/balances?patientIds=1,2,3`: what each patient owes (the queue's rows, the board). */
export const balancesQuerySchema = z.object({
  patientIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'patientIds.invalid')
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().min(1).max(MAX_INT))),
});
export const balancesSchema = dataOf(
  z.array(z.object({ patientId: z.number().int(), balances: z.array(moneySchema) })),
);

// ----- Shifts -----------------------------------------------------------------------------------------------------

/** One cell of a drawer: what a method took in a currency. */
export const drawerCellSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  currency: currencySchema,
  amount: z.number().int(),
});
export type DrawerCell = z.infer<typeof drawerCellSchema>;

export const shiftSchema = z.object({
  id: z.number().int(),
  cashier: userRefSchema,
  openedAt: z.string(),
  /** The cash in the drawer at opening, per currency. */
  floats: z.array(moneySchema),
  closedAt: z.string().nullable(),
  closedBy: userRefSchema.nullable(),
  /** Floats plus payments minus refunds, per method and currency (cash includes the float). */
  expected: z.array(drawerCellSchema),
  /** What was counted at closing; null while open. */
  counted: z.array(drawerCellSchema).nullable(),
  /** counted − expected per cell; null while open. */
  differences: z.array(drawerCellSchema).nullable(),
  note: z.string().nullable(),
  receiptCount: z.number().int(),
  version: z.number().int(),
});
export type Shift = z.infer<typeof shiftSchema>;
export const shiftResponseSchema = dataOf(shiftSchema);
export const currentShiftResponseSchema = dataOf(shiftSchema.nullable());
export const shiftListSchema = dataOf(z.array(shiftSchema));

export const shiftOpenSchema = z.strictObject({
  floats: z
    .array(z.strictObject({ currency: currencySchema, amount: amountSchema() }))
    .max(CURRENCIES.length)
    .refine((f) => new Set(f.map((x) => x.currency)).size === f.length, 'floats.duplicate'),
});
export type ShiftOpen = z.output<typeof shiftOpenSchema>;

export const shiftCloseSchema = z.strictObject({
  version: versionSchema,
  /** Every method and currency counted (a cell left out counts as 0). */
  counted: z
    .array(
      z.strictObject({
        method: z.enum(PAYMENT_METHODS, { error: 'method.invalid' }),
        currency: currencySchema,
        amount: amountSchema(),
      }),
    )
    .max(PAYMENT_METHODS.length * CURRENCIES.length),
  /** Required when the count differs from what is expected. */
  note: z.string().trim().max(500, 'note.max').nullable().default(null),
});
export type ShiftClose = z.output<typeof shiftCloseSchema>;

export const shiftListQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all'], { error: 'status.invalid' }).default('open'),
  day: isoDateSchema('day').optional(),
});

// ----- Reports ----------------------------------------------------------------------------------------------------

export const dayQuerySchema = z.object({ day: isoDateSchema('day').optional() });
export const monthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^(18|19|2\d)\d{2}-(0[1-9]|1[0-2])$/, 'month.invalid')
    .optional(),
});
export const periodQuerySchema = z
  .object({ from: isoDateSchema('from'), to: isoDateSchema('to') })
  .refine((p) => p.from <= p.to, { path: ['to'], message: 'to.before_from' });

/** A sum: its key (a method, a service code, a doctor's id…), the currency and the net amount. */
const sumSchema = z.object({
  key: z.string(),
  label: z.string(),
  currency: currencySchema,
  amount: z.number().int(),
});

/**
 * The day's takings: money that came in (payments) and went out (refunds), net, by method, currency, service and
 * doctor; plus what was charged, discounted and exempted that day.
 */
export const dayReportSchema = z.object({
  day: z.string(),
  /** Net takings per currency: payments − refunds. */
  totals: z.array(moneySchema),
  payments: z.array(moneySchema),
  refunds: z.array(moneySchema),
  byMethod: z.array(sumSchema),
  byService: z.array(sumSchema),
  byDoctor: z.array(sumSchema),
  charged: z.array(moneySchema),
  discounted: z.array(moneySchema),
  exempted: z.array(moneySchema),
  receiptCount: z.number().int(),
});
export type DayReport = z.infer<typeof dayReportSchema>;
export const dayReportResponseSchema = dataOf(dayReportSchema);

export const monthReportSchema = z.object({
  month: z.string(),
  days: z.array(z.object({ day: z.string(), totals: z.array(moneySchema), receiptCount: z.number().int() })),
  totals: z.array(moneySchema),
});
export type MonthReport = z.infer<typeof monthReportSchema>;
export const monthReportResponseSchema = dataOf(monthReportSchema);

/** Each doctor's share over a period: what their patients paid (net of refunds) per service, and the share. */
export const sharesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  doctors: z.array(
    z.object({
      doctor: userRefSchema,
      lines: z.array(
        z.object({
          serviceId: z.number().int(),
          code: z.string(),
          nameAr: z.string(),
          nameEn: z.string(),
          currency: currencySchema,
          paid: z.number().int(),
          percent: z.number().int(),
          /** floor(paid × percent / 100): the clinic keeps the fraction of a minor unit. */
          share: z.number().int(),
        }),
      ),
      totals: z.array(
        z.object({ currency: currencySchema, paid: z.number().int(), share: z.number().int() }),
      ),
    }),
  ),
});
export type SharesReport = z.infer<typeof sharesReportSchema>;
export const sharesReportResponseSchema = dataOf(sharesReportSchema);

export const balancesReportSchema = z.object({
  patients: z.array(
    z.object({
      patient: z.object({ id: z.number().int(), name: z.string(), fileNumber: z.number().int() }),
      balances: z.array(moneySchema),
      oldestDay: z.string(),
    }),
  ),
  totals: z.array(moneySchema),
});
export type BalancesReport = z.infer<typeof balancesReportSchema>;
export const balancesReportResponseSchema = dataOf(balancesReportSchema);

/** Discounts, exemptions, refunds and voids over a period, with who gave them and why. */
export const adjustmentsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  entries: z.array(
    entrySchema.extend({
      patient: z.object({ id: z.number().int(), name: z.string(), fileNumber: z.number().int() }),
      code: z.string(),
      nameAr: z.string(),
      nameEn: z.string(),
    }),
  ),
  totals: z.array(
    z.object({ kind: z.enum(ENTRY_KINDS), currency: currencySchema, amount: z.number().int() }),
  ),
});
export type AdjustmentsReport = z.infer<typeof adjustmentsReportSchema>;
export const adjustmentsReportResponseSchema = dataOf(adjustmentsReportSchema);

/** Receipt numbers missing in a year (there should be none: a gap is reported, never filled). */
export const receiptGapsSchema = dataOf(
  z.object({ year: z.number().int(), last: z.number().int(), missing: z.array(z.number().int()) }),
);
export const yearQuerySchema = z.object({
  year: z
    .string()
    .regex(/^(18|19|2\d)\d{2}$/, 'year.invalid')
    .transform(Number)
    .optional(),
});
