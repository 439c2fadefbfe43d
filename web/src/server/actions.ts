import type { ActionFunctionArgs, RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { RenderCapabilities } from '@portal/contract/render';
import { actionContext, type ActionContext, type ActionResult } from './form';
import {
  broadbandAction,
  dataBundleAction,
  fixedInternetAction,
  postpaidBillAction,
  prepaidRechargeAction,
} from './journey-actions';
import { contactAction } from './contact-action';
import { feedbackAction } from './feedback-action';
import { leadPaymentAction } from './lead-action';
import { hbbLeadAction } from './hbb-lead-action';
import { paymentAction } from './payment-action';

/** The pages whose forms work without JavaScript, by route id (app/routes.tsx), and what handles them. */
const ACTIONS: Record<string, (context: ActionContext) => Promise<ActionResult>> = {
  'prepaid-recharge': prepaidRechargeAction,
  'data-bundle': dataBundleAction,
  'broadband-recharge': broadbandAction,
  'postpaid-bill-pay': postpaidBillAction,
  'fixed-internet': fixedInternetAction,
  'payment-start': paymentAction,
  'hbb-lead': hbbLeadAction,
  'hbb-lead-status': leadPaymentAction,
  'contact-us': contactAction,
  feedback: feedbackAction,
};

/**
 * Gives the server's route table its form handlers. They live only in the server bundle: the browser's
 * scripted pages never send these forms (they call the API themselves).
 */
export function withServerActions(
  routes: RouteObject[],
  deps: { queryClient: QueryClient; server: RenderCapabilities },
): RouteObject[] {
  return routes.map((route) => {
    const handle = route.id ? ACTIONS[route.id] : undefined;
    const children = route.children ? withServerActions(route.children, deps) : undefined;
    return {
      ...route,
      ...(children ? { children } : {}),
      ...(handle
        ? {
            action: async ({ request }: ActionFunctionArgs) =>
              handle(await actionContext(request, deps.queryClient, deps.server)),
          }
        : {}),
    } as RouteObject;
  });
}
