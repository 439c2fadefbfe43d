import { z } from 'zod';
import {
  bundle as bundleSchema,
  toKobo,
  type Bundle,
  type BundleLineType,
  type BundleServiceType,
  type LineType,
  type ProductConfig,
} from '@portal/contract';
import { languageCode } from '@portal/contract/language';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueStore } from './store.js';

/**
 * A bundle's words in a language other than English: its name and its description, either left out when it
 * reads the same (the English one is then said). Nothing else: a mistyped field is an error, not silence.
 */
const bundleTexts = z
  .strictObject({
    name: z.string().trim().min(1).optional(),
    description: z.string().trim().min(1).optional(),
  })
  .refine((texts) => texts.name !== undefined || texts.description !== undefined, {
    message: 'a translation needs a name or a description',
  });

/**
 * A bundle's translations by language: a primary subtag as the API takes it ('ha', 'pcm'), English being the
 * entry's own `name` and `description`. A wrong language is named in the error, as a wrong field is.
 */
const translations = z.record(z.string(), bundleTexts).superRefine((byLanguage, context) => {
  for (const language of Object.keys(byLanguage)) {
    if (!/^[a-z]{2,3}$/.test(language)) {
      context.addIssue({
        code: 'custom',
        path: [language],
        message: 'a language is two or three lower-case letters',
      });
    } else if (language === 'en') {
      context.addIssue({
        code: 'custom',
        path: [language],
        message: "English is the bundle's own name and description",
      });
    }
  }
});

/**
 * A catalogue file entry: the Bundle of the contract without the duplicated `linetype`; `name` and
 * `description` are the English (and default) words, `translations` the same words in other languages.
 */
const fileEntry = bundleSchema.omit({ linetype: true }).extend({ translations: translations.optional() });

const MB_PER_UNIT: Record<string, number> = { KB: 1 / 1024, MB: 1, GB: 1024, TB: 1024 * 1024 };

/** What the core needs to provision a bundle (spread into a BUNDLE_PROVISION operation). */
export type BundleProvision = {
  productCode: string;
  description: string;
  /** Data in MB; 0 for voice/SMS-only bundles; absent for unlimited data. */
  dataMb?: number;
  /** Absent when the bundle never expires (validity -1). */
  validityDays?: number;
};

export type CatalogueEntry = {
  /** The wire shape of spec §3 (what product/v1/bundle answers), in English. */
  bundle: Bundle;
  /** The wire shape in each language the file translates the bundle into (made once, at load). */
  translated: ReadonlyMap<string, Bundle>;
  productCode: string;
  /** The price the payment must carry. */
  amountKobo: number;
  currency: string;
  lineType: BundleLineType;
  serviceType: BundleServiceType;
  provision: BundleProvision;
};

/** '1.5' GB -> 1536; '' -> 0; 'Unlimited' -> undefined. */
export function dataMbOf(data: string, dataUnit: string): number | undefined {
  const value = data.trim();
  if (!value) return 0;
  if (/^unlimited$/i.test(value)) return undefined;
  const amount = Number(value);
  const perUnit = MB_PER_UNIT[dataUnit.trim().toUpperCase() || 'MB'];
  if (!Number.isFinite(amount) || amount < 0 || perUnit === undefined) {
    throw new Error(`catalogue: cannot read data '${data} ${dataUnit}'`);
  }
  return Math.round(amount * perUnit);
}

/** validity in days (validityUnit Days, Hours, Weeks, Months); -1 (never expires) -> undefined. */
export function validityDaysOf(validity: number, validityUnit: string): number | undefined {
  if (validity < 0) return undefined;
  const unit = validityUnit.trim().toLowerCase();
  if (unit.startsWith('hour')) return Math.max(1, Math.ceil(validity / 24));
  if (unit.startsWith('week')) return validity * 7;
  if (unit.startsWith('month')) return validity * 30;
  return validity;
}

/** The English wire bundle in `language`: its translated words, English for any the file leaves out. */
function translate(bundle: Bundle, texts: z.infer<typeof bundleTexts>): Bundle {
  return { ...bundle, name: texts.name ?? bundle.name, description: texts.description ?? bundle.description };
}

function toEntry(raw: z.infer<typeof fileEntry>): CatalogueEntry {
  const { translations = {}, ...fields } = raw;
  const bundle: Bundle = { ...fields, linetype: raw.lineType };
  const translated = new Map(
    Object.entries(translations).map(([language, texts]) => [language, translate(bundle, texts)] as const),
  );
  const dataMb = dataMbOf(raw.data, raw.dataUnit);
  const validityDays = validityDaysOf(raw.validity, raw.validityUnit);
  return {
    bundle,
    translated,
    productCode: raw.productCode,
    amountKobo: toKobo(raw.amount),
    currency: raw.currency,
    lineType: raw.lineType,
    serviceType: raw.serviceType,
    provision: {
      productCode: raw.productCode,
      description: raw.name,
      ...(dataMb !== undefined ? { dataMb } : {}),
      ...(validityDays !== undefined ? { validityDays } : {}),
    },
  };
}

/** Parses and checks the catalogue file: a broken catalogue stops the start, not a purchase. */
export function parseCatalogue(raw: unknown): CatalogueEntry[] {
  const parsed = z.array(fileEntry).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`catalogue: invalid bundles data at ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const entries = parsed.data.map(toEntry);
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.productCode)) throw new Error(`catalogue: duplicate productCode ${entry.productCode}`);
    seen.add(entry.productCode);
  }
  return entries;
}

/** The bundle as said in `language` (a primary subtag): English when the file does not translate it into that. */
export function bundleIn(entry: CatalogueEntry, language: string | undefined): Bundle {
  return entry.translated.get(languageCode(language) ?? 'en') ?? entry.bundle;
}

/** Which bundles a line may buy: its own line type; hybrid lines both; postpaid ones only when enabled. */
export function lineTypesFor(
  lineType: string | null | undefined,
  enablePostpaidBundles: boolean,
): BundleLineType[] {
  const wanted = (lineType ?? 'PREPAID').toUpperCase();
  const types: BundleLineType[] = [];
  if (wanted === 'PREPAID' || wanted === 'HYBRID') types.push('PREPAID');
  if ((wanted === 'POSTPAID' || wanted === 'HYBRID') && enablePostpaidBundles) types.push('POSTPAID');
  return types;
}

/** serviceType of a request: 'BROADBAND', 'MIFI', 'ROUTER', 'HBB' ask for broadband plans; anything else mobile. */
export function serviceTypeOf(serviceType: string | null | undefined): BundleServiceType {
  return /BROADBAND|MIFI|ROUTER|HBB/i.test(serviceType ?? '') ? 'BROADBAND' : 'MOBILE';
}

type Subscriber = { lineType: LineType; broadband: boolean };

type BundlesQuery = {
  msisdn?: string | undefined;
  lineType?: string | null | undefined;
  serviceType?: string | null | undefined;
};

/** A part of the catalogue: the bundles of these line types for this kind of service. */
export type Offer = { lineTypes: BundleLineType[]; serviceType: BundleServiceType };

type Deps = {
  store: CatalogueStore;
  /** configData.enablePostpaidBundles and the currency, read per request (they change at run time). */
  settings: () => Promise<{ enablePostpaidBundles: boolean; currency: string }>;
  /** The network's view of a number (the subscriber service). */
  findSubscriber: (national: string) => Promise<Subscriber>;
};

/**
 * The product catalogue: what `product/v1/bundle` lists, and what payments check a bundle purchase against
 * (`findBundle`: price, and the data and validity to provision).
 */
export function createCatalogueService(deps: Deps) {
  let entries: Promise<CatalogueEntry[]> | undefined;
  const all = () => {
    entries ??= deps.store.loadBundles().then(parseCatalogue);
    return entries;
  };
  const byCode = async () => new Map((await all()).map((e) => [e.productCode, e]));
  let index: Promise<Map<string, CatalogueEntry>> | undefined;
  let translatedInto: Promise<Set<string>> | undefined;

  /**
   * The bundles of an offer, in `language` (English when unset): each bundle in English where the file does
   * not translate it into that language.
   */
  async function offered(filter: Offer, language?: string): Promise<Bundle[]> {
    // The language read once, not once a bundle: the list is built on every product/v1/bundle request.
    const code = languageCode(language) ?? 'en';
    return (await all())
      .filter((e) => e.serviceType === filter.serviceType && filter.lineTypes.includes(e.lineType))
      .map((e) => e.translated.get(code) ?? e.bundle);
  }

  const service = {
    /** Loads and checks the catalogue (call at start-up to fail early). */
    async load(): Promise<number> {
      return (await all()).length;
    },

    /**
     * The language the catalogue answers a request for `language` in: that language when the file translates
     * any bundle into it, else 'en' (every other language gets the English list, the same answer), so that a
     * route may keep one answer per language the catalogue holds, however many a client may ask for.
     */
    async answerLanguage(language: string | undefined): Promise<string> {
      translatedInto ??= all().then((list) => new Set(list.flatMap((e) => [...e.translated.keys()])));
      const code = languageCode(language) ?? 'en';
      return (await translatedInto).has(code) ? code : 'en';
    },

    /** The catalogue entry of a product code, or undefined when there is none. */
    async findBundle(productCode: string): Promise<CatalogueEntry | undefined> {
      index ??= byCode();
      return (await index).get(productCode);
    },

    /**
     * The bundle as the payments service checks and provisions it: the price (naira), the description the
     * summary and status page show ('<name> - <description>'), and the data MB and validity days to provision
     * (null: unlimited data / never expires; 0 MB: no data); with the buyer's line, whether that line may
     * buy it (`offered`). The description is English unless a `language` is given (then the bundle's words in
     * it, English where the file has none).
     */
    async findPaymentBundle(
      productCode: string,
      buyer?: Subscriber,
      language?: string,
    ): Promise<
      | {
          amount: number;
          currency: string;
          description: string;
          dataMb: number | null;
          validityDays: number | null;
          offered: boolean;
        }
      | undefined
    > {
      const entry = await service.findBundle(productCode);
      if (!entry) return undefined;
      const { provision } = entry;
      const bundle = bundleIn(entry, language);
      const offered = buyer ? await service.isOfferedTo(entry, buyer) : true;
      return {
        amount: bundle.amount,
        currency: bundle.currency,
        description: bundle.description ? `${bundle.name} - ${bundle.description}` : bundle.name,
        dataMb: provision.dataMb ?? null,
        validityDays: provision.validityDays ?? null,
        offered,
      };
    },

    /** Whether a line may buy this bundle now (line type, broadband, the postpaid-bundles setting). */
    async isOfferedTo(entry: CatalogueEntry, subscriber: Subscriber): Promise<boolean> {
      const { enablePostpaidBundles } = await deps.settings();
      const serviceType: BundleServiceType = subscriber.broadband ? 'BROADBAND' : 'MOBILE';
      return (
        entry.serviceType === serviceType &&
        lineTypesFor(subscriber.lineType, enablePostpaidBundles).includes(entry.lineType)
      );
    },

    /**
     * `product/v1/bundle`. With a number, the line type and broadband flag the network holds decide (the ones
     * sent are ignored); without one, `serviceType` and `lineType` of the request. In `language` (the
     * request's), English for a bundle the file does not translate into it.
     */
    async bundles(input: BundlesQuery, language?: string): Promise<Bundle[]> {
      return offered(await service.offerFor(input), language);
    },

    /**
     * Which part of the catalogue a `product/v1/bundle` request is offered: a few kinds in all, so that the
     * route can keep each list's answer serialised and compressed.
     */
    async offerFor(input: BundlesQuery): Promise<Offer> {
      const { enablePostpaidBundles } = await deps.settings();
      if (input.msisdn !== undefined) {
        const subscriber = await deps.findSubscriber(input.msisdn);
        return {
          lineTypes: lineTypesFor(subscriber.lineType, enablePostpaidBundles),
          serviceType: subscriber.broadband ? 'BROADBAND' : 'MOBILE',
        };
      }
      const serviceType = serviceTypeOf(input.serviceType);
      return {
        lineTypes:
          serviceType === 'BROADBAND' ? ['PREPAID'] : lineTypesFor(input.lineType, enablePostpaidBundles),
        serviceType,
      };
    },

    offered,

    /** `resource/v1/get-product-config`: the kinds of product on offer now. */
    async productConfig(): Promise<ProductConfig> {
      const { enablePostpaidBundles, currency } = await deps.settings();
      const visible = (await all()).filter((e) => enablePostpaidBundles || e.lineType !== 'POSTPAID');
      const categories = new Map<string, ProductConfig['categories'][number]>();
      for (const e of visible) {
        const key = `${e.bundle.category}|${e.serviceType}|${e.lineType}`;
        if (!categories.has(key))
          categories.set(key, { name: e.bundle.category, serviceType: e.serviceType, lineType: e.lineType });
      }
      const sortedUnique = <T extends string>(values: T[]) =>
        [...new Set(values)].sort((a, b) => a.localeCompare(b));
      return {
        productCode: 'ORP',
        currency,
        enablePostpaidBundles,
        serviceTypes: sortedUnique(visible.map((e) => e.serviceType)),
        lineTypes: sortedUnique(visible.map((e) => e.lineType)),
        categories: [...categories.values()].sort((a, b) => a.name.localeCompare(b.name)),
        periodTypes: sortedUnique(visible.map((e) => e.bundle.periodType.trim() || 'Others')),
      };
    },

    /** Throws NOT_FOUND for an unknown product code (for callers that need one). */
    async requireBundle(productCode: string): Promise<CatalogueEntry> {
      const entry = await service.findBundle(productCode);
      if (!entry) throw new AppError('NOT_FOUND', { log: 'Unknown product' });
      return entry;
    },
  };
  return service;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
