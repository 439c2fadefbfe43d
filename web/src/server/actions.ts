import type { ActionFunctionArgs, RouteObject } from 'react-router';
import type { DepsOf } from '@/app/routes';
import { actionContext, type ActionContext, type ActionResult } from './form';
import {
  dataBundleAction,
  fixedInternetAction,
  postpaidBillAction,
  prepaidRechargeAction,
} from './journey-actions';
import { broadbandRechargeAction } from './broadband-balance-action';
import { contactAction } from './contact-action';
import { feedbackAction } from './feedback-action';
import { helpVoteAction } from './help-vote-action';
import { leadPaymentAction } from './lead-action';
import { hbbLeadAction } from './hbb-lead-action';
import { paymentAction } from './payment-action';

/** The pages whose forms work without JavaScript, by route id (app/routes.tsx), and what handles them. */
const ACTIONS: Record<string, (context: ActionContext) => Promise<ActionResult>> = {
  'prepaid-recharge': prepaidRechargeAction,
  'data-bundle': dataBundleAction,
  'broadband-recharge': broadbandRechargeAction,
  'postpaid-bill-pay': postpaidBillAction,
  'fixed-internet': fixedInternetAction,
  'payment-start': paymentAction,
  'hbb-lead': hbbLeadAction,
  'hbb-lead-status': leadPaymentAction,
  'contact-us': contactAction,
  feedback: feedbackAction,
  gethelp: helpVoteAction,
};

/**
 * Gives the server's route table its form handlers. They live only in the server bundle: the browser's
 * scripted pages never send these forms (they call the API themselves).
 */
export function withServerActions(routes: RouteObject[], depsOf: DepsOf): RouteObject[] {
  return routes.map((route) => {
    const handle = route.id ? ACTIONS[route.id] : undefined;
    const children = route.children ? withServerActions(route.children, depsOf) : undefined;
    return {
      ...route,
      ...(children ? { children } : {}),
      ...(handle
        ? {
            action: async (args: ActionFunctionArgs) => {
              const { queryClient, server } = depsOf(args);
              if (!server) throw new Error('a form handler ran without the server');
              return handle(await actionContext(args.request, queryClient, server));
            },
          }
        : {}),
    } as RouteObject;
  });
}
