import { z } from 'zod';
import { readData } from '@portal/content';
import { cityEntrySchema, type CityEntry, type HbbOffer, type HbbPlan } from '@portal/contract';

/**
 * What the lead page offers, from content/data: the routers (devices.json), their plans with the one-time
 * connection fee (hbb-plans.json) and the town list with its feasibility (city-config.json). Checked when
 * the server starts, so a broken content file stops the start rather than a customer's request.
 */
const localised = z.union([z.string(), z.record(z.string(), z.string())]);
const localisedList = z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]);

const devicesFile = z.object({
  defaultDevice: z.string(),
  devices: z
    .array(
      z.object({
        id: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/),
        name: localised,
        image: z.string(),
        features: localisedList,
        plans: z.array(z.string()).min(1),
      }),
    )
    .min(1),
});

const plansFile = z.object({
  currency: z.string().length(3),
  connectionFee: z.number().nonnegative(),
  plans: z
    .array(
      z.object({
        code: z.string().min(1).max(60),
        description: localised,
        data: z.string(),
        dataUnit: z.string(),
        validity: z.number().int(),
        validityUnit: z.string(),
        amount: z.number().positive(),
      }),
    )
    .min(1),
});

export type OfferFiles = {
  devices: z.input<typeof devicesFile>;
  plans: z.input<typeof plansFile>;
  cities: CityEntry[];
};

function pick<T>(value: T | Record<string, T>, language: string): T {
  if (typeof value === 'string' || Array.isArray(value)) return value as T;
  const map = value as Record<string, T>;
  return map[language] ?? map['en'] ?? (Object.values(map)[0] as T);
}

export function createOffer(files: OfferFiles) {
  const devices = devicesFile.parse(files.devices);
  const plans = plansFile.parse(files.plans);
  const cities = z.array(cityEntrySchema).parse(files.cities);
  const planByCode = new Map(plans.plans.map((p) => [p.code, p]));
  for (const device of devices.devices) {
    const unknown = device.plans.filter((code) => !planByCode.has(code));
    if (unknown.length > 0)
      throw new Error(`device ${device.id} offers unknown plans: ${unknown.join(', ')}`);
  }
  const defaultDevice =
    devices.devices.find((d) => d.id === devices.defaultDevice) ??
    (devices.devices[0] as (typeof devices.devices)[0]);

  function planFor(code: string, language: string): HbbPlan | undefined {
    const plan = planByCode.get(code);
    if (!plan) return undefined;
    return {
      code: plan.code,
      description: pick(plan.description, language),
      data: plan.data,
      dataUnit: plan.dataUnit,
      validity: plan.validity,
      validityUnit: plan.validityUnit,
      amount: plan.amount,
      currency: plans.currency,
    };
  }

  function offerOf(device: (typeof devices.devices)[0], language: string): HbbOffer {
    return {
      device: {
        id: device.id,
        name: pick(device.name, language),
        image: device.image,
        features: pick(device.features, language),
      },
      plans: device.plans.map((code) => planFor(code, language)!),
      connectionFee: plans.connectionFee,
      currency: plans.currency,
    };
  }

  return {
    currency: plans.currency,
    connectionFee: plans.connectionFee,
    cities: (): CityEntry[] => cities,

    /** The device of `deviceId`, or the default router when there is none or it is unknown. */
    offer(deviceId: string | undefined, language = 'en'): HbbOffer {
      return offerOf(devices.devices.find((d) => d.id === deviceId) ?? defaultDevice, language);
    },

    /** Every device with its plans, the default router first (the product view's order). */
    offers(language = 'en'): HbbOffer[] {
      const ordered = [defaultDevice, ...devices.devices.filter((d) => d !== defaultDevice)];
      return ordered.map((d) => offerOf(d, language));
    },

    planFor,

    /** Whether `deviceId` (when given and known) is sold with `planCode`. */
    offersPlan(deviceId: string | undefined, planCode: string): boolean {
      const device = devices.devices.find((d) => d.id === deviceId);
      if (!device) return planByCode.has(planCode);
      return device.plans.includes(planCode);
    },
  };
}

export type Offer = ReturnType<typeof createOffer>;

export function loadOfferFiles(): OfferFiles {
  return {
    devices: readData('devices'),
    plans: readData('hbb-plans'),
    cities: readData('city-config'),
  };
}
