import { HBB_DEVICE_KEY, salesWorksKeys } from '@portal/contract/forms';
import { OPERATOR_TITLE } from '@portal/contract/operator';

/**
 * What the lead page keeps in sessionStorage (spec §3, §6): the device a product page chose (`hbbDevice`,
 * docs/decisions/0030) and the sales-works flag with the lead id (`isNaijaWorks`, `id`) that switches the
 * payment page to the enterprise sales-lead mode.
 */
export const SALES_WORKS = salesWorksKeys(OPERATOR_TITLE);

/** The device chosen elsewhere: its id, the plan preselected, and where "Explore other Products" goes. */
export type SavedDevice = { id?: string; planCode?: string; redirectUrl?: string };

const DEVICE_ID = /^[A-Za-z0-9_-]{1,60}$/;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Only a path of this site: the stored value is never a way to send the visitor elsewhere. */
export function safePath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

/** `hbbDevice`: JSON ({id, planCode?, redirectUrl?}) or a bare device id; anything else is ignored. */
export function readSavedDevice(): SavedDevice {
  const raw = storage()?.getItem(HBB_DEVICE_KEY);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed === 'string') return { id: parsed };
    if (parsed && typeof parsed === 'object') {
      const value = parsed as Record<string, unknown>;
      const id = typeof value['id'] === 'string' ? value['id'] : undefined;
      const planCode = typeof value['planCode'] === 'string' ? value['planCode'] : undefined;
      const redirectUrl = safePath(value['redirectUrl']);
      return {
        ...(id ? { id } : {}),
        ...(planCode ? { planCode } : {}),
        ...(redirectUrl ? { redirectUrl } : {}),
      };
    }
    return {};
  } catch {
    return DEVICE_ID.test(raw) ? { id: raw } : {};
  }
}

/** Saves the device (and plan) a product view chose, for `/hbb-lead` to read. */
export function saveDevice(device: SavedDevice): void {
  storage()?.setItem(HBB_DEVICE_KEY, JSON.stringify(device));
}

/**
 * The choice a product view's link carries (`/hbb-lead?device=&plan=`): what a browser without JavaScript,
 * which has no sessionStorage to write, sends; the live page saves it as the saved device details.
 */
export function deviceFromQuery(params: URLSearchParams): SavedDevice {
  const id = params.get('device') ?? '';
  const planCode = params.get('plan') ?? '';
  if (!DEVICE_ID.test(id)) return {};
  return { id, ...(DEVICE_ID.test(planCode) ? { planCode } : {}) };
}

/** The link of a product view's choice: the device and plan in the address. */
export function leadLink(device: string, planCode: string): string {
  return `/hbb-lead?${new URLSearchParams({ device, plan: planCode }).toString()}`;
}

/** The sales-works session: the flag and the lead id, set together. */
export function setSalesWorks(leadId: string): void {
  const s = storage();
  s?.setItem(SALES_WORKS.flag, 'true');
  s?.setItem(SALES_WORKS.id, leadId);
}

/** Clears the sales-works session (a new lead starts without it). */
export function clearSalesWorks(): void {
  const s = storage();
  s?.removeItem(SALES_WORKS.flag);
  s?.removeItem(SALES_WORKS.id);
}

export function readSalesWorks(): { leadId: string } | undefined {
  const s = storage();
  const id = s?.getItem(SALES_WORKS.id);
  return s?.getItem(SALES_WORKS.flag) === 'true' && id ? { leadId: id } : undefined;
}
